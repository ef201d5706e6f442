import { useCallback, useEffect, useState } from 'react';
import { describeError } from '@varde/core';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

/**
 * Loads with `load` on mount and whenever `key` changes; `reload()` loads again, keeping what is shown
 * until the answer is in (a list does not blink after a create or a revoke). A new `key` asks for
 * something else: until its answer is in, the state is loading, so nothing acts on the old answer
 * (a pager's next cursor from before a filter changed).
 */
export function useLoaded<T>(load: () => Promise<T>, key: string): { state: Loaded<T>; reload: () => void } {
  const [answer, setAnswer] = useState<{ key: string; state: Loaded<T> }>({ key, state: { status: 'loading' } });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let active = true;
    load().then(
      (value) => active && setAnswer({ key, state: { status: 'ready', value } }),
      (error: unknown) => active && setAnswer({ key, state: { status: 'error', message: describeError(error) } }),
    );
    return () => {
      active = false;
    };
    // `load` is made anew each render; `key` says when it asks for something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state: answer.key === key ? answer.state : { status: 'loading' }, reload };
}
