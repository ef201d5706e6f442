import { useEffect, useState } from 'react';
import { listControllersResponse, type Site } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { t } from '../../app/strings.js';
import { useSession } from '../../app/useSession.js';

type Load = { kind: 'loading' } | { kind: 'loaded'; sites: Site[] } | { kind: 'failed'; message: string };

/** /sites: the signed-in user's sites with their online state. */
export function SitesPage() {
  const { tokensVersion } = useSession();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    session.http
      .request('controllers-api', '/controllers', {
        query: { controllers: 'controllers' },
        schema: listControllersResponse,
        signal: controller.signal,
      })
      .then((answer) => setLoad({ kind: 'loaded', sites: answer.data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [tokensVersion]);

  return (
    <section className="page">
      <h1>{t('sites')}</h1>
      {load.kind === 'loading' ? <p>{t('loading')}</p> : null}
      {load.kind === 'failed' ? <p role="alert">{t('loadFailed', { message: load.message })}</p> : null}
      {load.kind === 'loaded' && load.sites.length === 0 ? <p>{t('noSites')}</p> : null}
      {load.kind === 'loaded' && load.sites.length > 0 ? (
        <ul className="site-list">
          {load.sites.map((site) => (
            <li key={site.uuid} data-testid="site-row">
              <span className="site-name">{site.name}</span>
              <span className={`site-status site-status-${statusKey(site.webpmpReady)}`}>{t(statusKey(site.webpmpReady))}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function statusKey(webpmpReady: boolean | null): 'online' | 'offline' | 'unavailable' {
  if (webpmpReady === null) return 'unavailable';
  return webpmpReady ? 'online' : 'offline';
}
