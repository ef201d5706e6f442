import { useEffect, useState } from 'react';
import { watchLiveTagValue, type LiveTagValue, type Session } from '@varde/core';

/** A tag's latest value from the realtime database, and when it arrived. */
export type LiveValue = LiveTagValue;

/**
 * The tags' current values from core's one source (watchLiveTagValue: `controllers/{site}/tags/{tag}/v`,
 * shared with search results, so both show the same value); values arrive as they change. Unsubscribes
 * when the tags, the site or the session change.
 */
export function useLiveValues(session: Session | null, siteUuid: string, tags: readonly string[]): Record<string, LiveValue> {
  const [values, setValues] = useState<Record<string, LiveValue>>({});
  const key = tags.join('\n');
  useEffect(() => {
    setValues({});
    const realtime = session?.realtime;
    if (!realtime || tags.length === 0 || !siteUuid) return;
    const stops = tags.map((tag) =>
      watchLiveTagValue(realtime, siteUuid, tag, (value) => {
        if (value) setValues((current) => (current[tag] === value ? current : { ...current, [tag]: value }));
      }),
    );
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `tags`
  }, [session, siteUuid, key]);
  return values;
}
