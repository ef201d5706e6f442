import { realtimePaths } from '../contract/realtime.js';
import type { Realtime } from './realtimeTypes.js';

/** A tag's current value as the controller wrote it to the realtime database, and when it arrived here. */
export interface LiveTagValue {
  value: number | string;
  at: number;
}

type Listener = (value: LiveTagValue | null) => void;

interface Watch {
  latest: LiveTagValue | null;
  listeners: Set<Listener>;
  stop: () => void;
}

const watchesByRealtime = new WeakMap<Realtime, Map<string, Watch>>();

/**
 * The one source of a tag's current value for every view of a page (the site page, search results, an
 * alarm's value): `controllers/{site}/tags/{tag}/v`, one subscription per tag however many views show it,
 * so two views never show two values. The listener gets the latest value at once when there is one, then
 * every change; null while none has come. Returns the unsubscribe (the last one stops the subscription).
 */
export function watchLiveTagValue(realtime: Realtime, siteUuid: string, tag: string, listener: Listener, now: () => number = Date.now): () => void {
  let watches = watchesByRealtime.get(realtime);
  if (!watches) {
    watches = new Map();
    watchesByRealtime.set(realtime, watches);
  }
  const path = realtimePaths.tagValue(siteUuid, tag);
  let watch = watches.get(path);
  if (!watch) {
    const created: Watch = { latest: null, listeners: new Set(), stop: () => undefined };
    created.stop = realtime.subscribe(
      path,
      (value) => {
        if (typeof value !== 'number' && typeof value !== 'string') return;
        created.latest = { value, at: now() };
        for (const each of [...created.listeners]) each(created.latest);
      },
      { onError: () => undefined },
    );
    watches.set(path, created);
    watch = created;
  }
  const current = watch;
  current.listeners.add(listener);
  if (current.latest) listener(current.latest);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      current.stop();
      watches!.delete(path);
    }
  };
}
