import { useEffect, useState } from 'react';
import { listControllersResponse, type Site } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useSession } from '../../app/useSession.js';

/** The signed-in user's sites (GET /controllers, the user's own list), or null while loading. */
export function useUserSites(): { sites: Site[] | null; failed: boolean } {
  const { state } = useSession();
  const [sites, setSites] = useState<Site[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (state !== 'signed-in') return;
    const controller = new AbortController();
    session.http
      .request('controllers-api', '/controllers', {
        query: { controllers: 'controllers' },
        schema: listControllersResponse,
        signal: controller.signal,
      })
      .then(({ data }) => setSites(data))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [state]);

  return { sites, failed };
}
