import { useCallback, useEffect, useState } from 'react';
import { listControllersResponse, type Site } from '@varde/core/contract';
import { session } from '../../app/session.js';

const PAGE_SIZE = 20;

/** The user's sites, page by page (GET /controllers with offset and limit). */
export function useSitePages(list: 'controllers' | 'adminControllers' = 'controllers') {
  const [sites, setSites] = useState<Site[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [complete, setComplete] = useState(false);

  const load = useCallback(
    async (offset: number, signal?: AbortSignal) => {
      setLoading(true);
      try {
        const { data } = await session.http.request('controllers-api', '/controllers', {
          query: { controllers: list, offset, limit: PAGE_SIZE },
          schema: listControllersResponse,
          ...(signal ? { signal } : {}),
        });
        setSites((current) => (offset === 0 ? data : [...current, ...data]));
        setComplete(data.length < PAGE_SIZE);
      } catch {
        if (!signal?.aborted) setFailed(true);
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [list],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(0, controller.signal);
    return () => controller.abort();
  }, [load]);

  return { sites, loading, failed, complete, loadMore: () => void load(sites.length) };
}
