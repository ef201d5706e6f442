import { useEffect, useState } from 'react';
import { listControllersResponse } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useSession } from '../../app/useSession.js';

export type SiteNameState = { kind: 'none' } | { kind: 'loading' } | { kind: 'found'; name: string } | { kind: 'unknown' };

/**
 * The name of a site the signed-in user may see (GET /controllers lists exactly those), looked up by
 * uuid. Signed out or no id: none; not among the user's sites: unknown.
 */
export function useSiteName(siteId: string | null): SiteNameState {
  const { state, tokensVersion } = useSession();
  const [result, setResult] = useState<SiteNameState>({ kind: 'none' });

  useEffect(() => {
    if (!siteId || state !== 'signed-in') {
      setResult({ kind: 'none' });
      return;
    }
    const controller = new AbortController();
    setResult({ kind: 'loading' });
    session.http
      .request('controllers-api', '/controllers', { schema: listControllersResponse, signal: controller.signal })
      .then(({ data }) => {
        const site = data.find((candidate) => candidate.uuid === siteId);
        setResult(site ? { kind: 'found', name: site.name } : { kind: 'unknown' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setResult({ kind: 'unknown' });
      });
    return () => controller.abort();
  }, [siteId, state, tokensVersion]);

  return result;
}
