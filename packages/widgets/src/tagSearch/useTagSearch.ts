/**
 * The search page's engine: core's search store over the site feed's sockets (tag_userSearch on
 * every logged-in site) and the search host's websocket (token in the query, reconnect 5 s after a
 * close). Several example queries run one after another and their rows are merged.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { CONTROLLER_PROXY_TIMEOUT_MS, createSearchStore, openSearchSocket, type SearchSocket, type SearchState, type Session } from '@varde/core';
import type { TagSearchRow } from '@varde/core/contract';
import type { SiteFeed } from '../alarmTable/siteFeed.js';

const rowKey = (row: TagSearchRow) => `${row.siteUuid}\u0000${row.Name}`;
const idle: SearchState | null = null;
const noSubscription = () => () => undefined;

function tokenOrNull(session: Session): string | null {
  try {
    return session.tokenFor('search');
  } catch {
    return null;
  }
}

export interface TagSearch {
  /** The text(s) searched, as shown in the empty text. */
  text: string;
  rows: readonly TagSearchRow[];
  pending: number;
  running: boolean;
  errors: Readonly<Record<string, string>>;
  search(texts: readonly string[]): void;
}

export function useTagSearch(session: Session | null, feed: SiteFeed | null): TagSearch {
  const socketRef = useRef<SearchSocket | null>(null);
  const store = useMemo(
    () => (feed ? createSearchStore({ connections: () => feed.connections(), socket: () => socketRef.current }) : null),
    [feed],
  );
  const state = useSyncExternalStore(store ? store.subscribe : noSubscription, () => (store ? store.getState() : idle), () => idle);

  // The search host's socket, while signed in (no WebSocket in the runtime: site sockets only).
  useEffect(() => {
    if (!session || !store) return;
    let socket: SearchSocket | null = null;
    try {
      socket = openSearchSocket({
        baseUrl: session.settings.services.search,
        token: () => tokenOrNull(session),
        onRows: (rows) => store.getState().addRows(rows),
      });
    } catch {
      socket = null;
    }
    socketRef.current = socket;
    return () => {
      socket?.close();
      if (socketRef.current === socket) socketRef.current = null;
    };
  }, [session, store]);

  const [run, setRun] = useState<{ texts: readonly string[]; earlier: readonly TagSearchRow[]; running: boolean }>({ texts: [], earlier: [], running: false });
  const runId = useRef(0);

  function search(texts: readonly string[]): void {
    const wanted = texts.map((text) => text.trim()).filter(Boolean);
    if (!store || wanted.length === 0) return;
    const mine = ++runId.current;
    setRun({ texts: wanted, earlier: [], running: wanted.length > 1 });
    if (wanted.length === 1) {
      store.getState().search(wanted[0]!);
      return;
    }
    void (async () => {
      let earlier: TagSearchRow[] = [];
      for (const [index, text] of wanted.entries()) {
        if (mine !== runId.current) return;
        store.getState().search(text);
        await settled(store, CONTROLLER_PROXY_TIMEOUT_MS);
        if (index < wanted.length - 1) {
          earlier = mergeRows(earlier, store.getState().rows);
          if (mine === runId.current) setRun({ texts: wanted, earlier, running: true });
        }
      }
      if (mine === runId.current) setRun({ texts: wanted, earlier, running: false });
    })();
  }

  const rows = useMemo(() => mergeRows(run.earlier, state?.rows ?? []), [run.earlier, state?.rows]);
  return {
    text: run.texts.join(', '),
    rows,
    pending: state?.pending ?? 0,
    running: run.running,
    errors: state?.errors ?? {},
    search,
  };
}

function mergeRows(first: readonly TagSearchRow[], second: readonly TagSearchRow[]): TagSearchRow[] {
  if (first.length === 0) return second as TagSearchRow[];
  const seen = new Set(first.map(rowKey));
  return [...first, ...second.filter((row) => !seen.has(rowKey(row)))];
}

/** Resolves when every site has answered (or after the proxy's time limit). */
function settled(store: { getState(): SearchState; subscribe(listener: () => void): () => void }, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (store.getState().pending === 0) return resolve();
    const timer = setTimeout(done, timeoutMs);
    const stop = store.subscribe(() => {
      if (store.getState().pending === 0) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}
