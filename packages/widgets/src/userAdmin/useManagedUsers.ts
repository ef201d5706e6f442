/**
 * The users the signed-in user manages (GET /users), searched on the server (username, name or
 * phone) and paged, so that thousands of imported users stay quick. A search waits for a short
 * pause in typing; `reload()` after a create or delete.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError, listUsers, type HttpClient } from '@varde/core';
import type { ManagedUser } from '@varde/core/contract';

export const USERS_PAGE_SIZE = 100;
const SEARCH_PAUSE_MS = 250;

export type ManagedUsersState =
  | { status: 'loading' }
  | { status: 'error'; message: string; error: unknown }
  | { status: 'ready'; users: ManagedUser[]; total: number; loadingMore: boolean };

export function useManagedUsers(http: HttpClient | null, tokensVersion: number | undefined, search: string) {
  const [state, setState] = useState<ManagedUsersState>({ status: 'loading' });
  const [query, setQuery] = useState(search.trim());
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);

  // The query follows the text after a pause in typing.
  useEffect(() => {
    const text = search.trim();
    if (text === query) return;
    const timer = setTimeout(() => setQuery(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  useEffect(() => {
    if (!http || tokensVersion === undefined) return;
    const request = ++latest.current;
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    listUsers(http, { ...(query ? { search: query } : {}), limit: USERS_PAGE_SIZE }).then(
      (page) => request === latest.current && setState({ status: 'ready', users: page.data, total: page.total, loadingMore: false }),
      (error: unknown) => request === latest.current && setState({ status: 'error', message: describeError(error), error }),
    );
  }, [http, tokensVersion, query, generation]);

  const loadMore = useCallback(() => {
    if (!http || state.status !== 'ready' || state.loadingMore || state.users.length >= state.total) return;
    const request = latest.current;
    const offset = state.users.length;
    setState({ ...state, loadingMore: true });
    listUsers(http, { ...(query ? { search: query } : {}), offset, limit: USERS_PAGE_SIZE }).then(
      (page) =>
        request === latest.current &&
        setState((current) =>
          current.status === 'ready' ? { status: 'ready', users: [...current.users, ...page.data], total: page.total, loadingMore: false } : current,
        ),
      (error: unknown) => request === latest.current && setState({ status: 'error', message: describeError(error), error }),
    );
  }, [http, state, query]);

  // A retry after a failure shows loading again (with its limit), not the old failure.
  const reload = useCallback(() => {
    setState((current) => (current.status === 'error' ? { status: 'loading' } : current));
    setGeneration((value) => value + 1);
  }, []);
  /** The search the shown rows answer (for the empty-search text). */
  return { state, query, loadMore, reload };
}
