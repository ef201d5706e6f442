/**
 * The search page's engine: core's search store over the site feed's sockets (tag_userSearch on
 * every logged-in site) and the search host's websocket (token in the query, reconnect 5 s after a
 * close). Several example queries run one after another and their rows are merged.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { CONTROLLER_PROXY_TIMEOUT_MS, createSearchStore, openSearchSocket, type SearchSocket, type SearchState, type Session } from '@varde/core';
import type { TagSearchRow } from '@varde/core/contract';
import type { SiteFeed } from '../alarmTable/siteFeed.js';
import { useStoreState } from '../shared/useStoreState.js';

const rowKey = (row: TagSearchRow) => `${row.siteUuid}\u0000${row.Name}`;

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
  const state = useStoreState(store);

  // Texts of the current run: socket answers for anything else are stale (an earlier search).
  const wanted = useRef<readonly string[]>([]);

  // The search host's socket, while signed in (no WebSocket in the runtime: site sockets only). Its
  // answers carry no query, but come in the order the texts were sent: a FIFO of sent texts tells
  // which search each answer belongs to.
  useEffect(() => {
    if (!session || !store) return;
    const sent: string[] = [];
    let unsent: string | null = null;
    let real: SearchSocket | null = null;
    try {
      real = openSearchSocket({
        baseUrl: session.settings.services.search,
        token: () => tokenOrNull(session),
        onStatus: (status) => {
          if (status === 'open' && unsent !== null) sent.push(unsent);
          if (status !== 'open') sent.length = 0;
          unsent = null;
        },
        onRows: (rows) => {
          const text = sent.shift();
          if (text !== undefined && wanted.current.includes(text)) store.getState().addRows(rows);
        },
      });
    } catch {
      real = null;
    }
    const socket = real;
    socketRef.current = socket && {
      search(text) {
        if (socket.open) sent.push(text);
        else unsent = text; // sent on open (the latest only)
        socket.search(text);
      },
      get open() {
        return socket.open;
      },
      close: () => socket.close(),
    };
    return () => {
      socket?.close();
      socketRef.current = null;
    };
  }, [session, store]);

  const [run, setRun] = useState<{ texts: readonly string[]; earlier: readonly TagSearchRow[]; running: boolean }>({ texts: [], earlier: [], running: false });
  const runId = useRef(0);

  function search(requested: readonly string[]): void {
    const texts = requested.map((text) => text.trim()).filter(Boolean);
    if (!store || texts.length === 0) return;
    const mine = ++runId.current;
    wanted.current = texts;
    setRun({ texts, earlier: [], running: texts.length > 1 });
    if (texts.length === 1) {
      store.getState().search(texts[0]!);
      return;
    }
    void (async () => {
      let earlier: TagSearchRow[] = [];
      for (const [index, text] of texts.entries()) {
        if (mine !== runId.current) return;
        store.getState().search(text);
        await settled(store, CONTROLLER_PROXY_TIMEOUT_MS);
        if (index < texts.length - 1) {
          earlier = mergeRows(earlier, store.getState().rows);
          if (mine === runId.current) setRun({ texts, earlier, running: true });
        }
      }
      if (mine === runId.current) setRun({ texts, earlier, running: false });
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
