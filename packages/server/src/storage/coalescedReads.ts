/**
 * Ways to answer many equal or similar reads that arrive together (an alarm table asks 90 sites at once,
 * each request checking the same session and user) with fewer queries. Neither keeps an answer once it
 * has been given: a read that starts after a write sees it, as without them.
 */

/** Identical reads asked while one is in flight share its answer. */
export function sharedInFlight<V>(read: (key: string) => Promise<V>): (key: string) => Promise<V> {
  const inFlight = new Map<string, Promise<V>>();
  return (key) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = read(key).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}

/**
 * Reads asked in the same turn of the event loop are answered by one query over all their keys
 * (`readMany` answers a map; a key it leaves out gets `missing`).
 */
export function batchedReads<V>(readMany: (keys: string[]) => Promise<Map<string, V>>, missing: V): (key: string) => Promise<V> {
  let waiting: Map<string, Array<{ resolve: (value: V) => void; reject: (error: unknown) => void }>> | null = null;
  const flush = (batch: NonNullable<typeof waiting>) => {
    readMany([...batch.keys()]).then(
      (found) => {
        for (const [key, callers] of batch) for (const caller of callers) caller.resolve(found.has(key) ? found.get(key)! : missing);
      },
      (error: unknown) => {
        for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
      },
    );
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!waiting) {
        const batch = (waiting = new Map());
        setImmediate(() => {
          waiting = null;
          flush(batch);
        });
      }
      const callers = waiting.get(key) ?? [];
      callers.push({ resolve, reject });
      waiting.set(key, callers);
    });
}
