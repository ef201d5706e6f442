import { useEffect, useState } from 'react';
import { fetchViolinPlot } from '@varde/core';
import type { AnomalyVersion } from '@varde/core/contract';
import { useSharedSession } from '../shared/useSharedSession.js';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

/**
 * Performance: tab "graph" (the violin plot, fetched with the bearer token and shown from a blob URL,
 * loaded only when READY; a failed load is only logged, as the spec says) and tab "table" (key / value).
 */
export function PerformancePanel({ t, version }: { t: WidgetTranslate; version: AnomalyVersion }) {
  const [tab, setTab] = useState<'graph' | 'table'>('graph');
  const plot = useViolinPlot(version);
  const entries = Object.entries(version.performance);
  const ready = version.status === 'VERSION_STATUS_READY';
  return (
    <div className="varde-ml-explorer__performance">
      <div role="tablist" className="varde-ml-explorer__tabs">
        {(['graph', 'table'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} data-tab={name} onClick={() => setTab(name)}>
            {t(name)}
          </button>
        ))}
      </div>
      {tab === 'graph' ? (
        <div role="tabpanel" data-tabpanel="graph">
          {!ready ? <p className="varde-ml-explorer__hint">{t('plotOnlyReady')}</p> : null}
          {ready && !plot ? <p className="varde-ml-explorer__hint"><sl-spinner /> {t('plotLoading')}</p> : null}
          {ready && plot ? <img className="varde-ml-explorer__plot" src={plot} alt={t('plotAlt', { name: version.name })} part="violin-plot" /> : null}
        </div>
      ) : (
        <div role="tabpanel" data-tabpanel="table">
          {entries.length === 0 ? (
            <p className="varde-ml-explorer__hint">{t('noPerformance')}</p>
          ) : (
            <table className="varde-ml-explorer__table" part="performance-table">
              <thead><tr><th scope="col">{t('key')}</th><th scope="col">{t('value')}</th></tr></thead>
              <tbody>
                {entries.map(([key, value]) => <tr key={key}><th scope="row">{key}</th><td>{String(value)}</td></tr>)}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}

/** A blob: URL of the version's violin plot while it is READY (re-fetched when the version changes). */
function useViolinPlot(version: AnomalyVersion): string | null {
  const session = useSharedSession();
  const [url, setUrl] = useState<string | null>(null);
  const ready = version.status === 'VERSION_STATUS_READY';
  useEffect(() => {
    setUrl(null);
    if (!ready || !session) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchViolinPlot(session.http, version.model_id, version.version_id, { signal: controller.signal })
      .then((bytes) => {
        objectUrl = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'image/png' }));
        setUrl(objectUrl);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('varde-ml-explorer: the violin plot could not be loaded', error);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [session, ready, version.model_id, version.version_id, version.modification_date]);
  return url;
}
