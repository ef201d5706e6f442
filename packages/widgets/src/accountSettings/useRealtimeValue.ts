/** A value of the signed-in user's own record in the realtime database, followed live. */
import { useEffect, useState } from 'react';
import type { Session } from '@varde/core';

export type RealtimeValueState<T> = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; value: T | null };

export function useRealtimeValue<T>(session: Session | null, path: string | null): RealtimeValueState<T> {
  const [state, setState] = useState<RealtimeValueState<T>>({ status: 'loading' });
  useEffect(() => {
    const realtime = session?.realtime;
    if (!path) return;
    if (!realtime) {
      setState({ status: 'missing' });
      return;
    }
    setState({ status: 'loading' });
    return realtime.subscribe<T>(path, (value) => setState({ status: 'ready', value: value ?? null }), {
      onError: () => setState({ status: 'missing' }),
    });
  }, [session, path]);
  return state;
}
