import { useEffect, useState } from 'react';
import type { Session } from '@varde/core';
import { realtimePaths } from '@varde/core/contract';

/** A tag's latest value from the realtime database, and when it arrived. */
export interface LiveValue {
  value: number | string;
  at: number;
}

/**
 * Subscribes to `controllers/{site}/tags/{tag}/v` for each tag (what the controller writes as it
 * measures); values arrive as they change. Unsubscribes when the tags, the site or the session change.
 */
export function useLiveValues(session: Session | null, siteUuid: string, tags: readonly string[]): Record<string, LiveValue> {
  const [values, setValues] = useState<Record<string, LiveValue>>({});
  const key = tags.join('\n');
  useEffect(() => {
    setValues({});
    const realtime = session?.realtime;
    if (!realtime || tags.length === 0) return;
    const stops = tags.map((tag) =>
      realtime.subscribe(
        realtimePaths.tagValue(siteUuid, tag),
        (value) => {
          if (typeof value !== 'number' && typeof value !== 'string') return;
          setValues((current) => ({ ...current, [tag]: { value, at: Date.now() } }));
        },
        { onError: () => undefined },
      ),
    );
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `tags`
  }, [session, siteUuid, key]);
  return values;
}
