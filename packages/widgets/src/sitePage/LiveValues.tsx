import { formatValue, type HistorianTag } from '@varde/core';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import type { LiveValue } from './useLiveValues.js';

export interface LiveValuesProps {
  tags: readonly HistorianTag[];
  values: Record<string, LiveValue>;
  /** The site's controller is connected: its values are now. Otherwise they are its last, and said to be. */
  connected: boolean;
  language: string;
  t: WidgetTranslate;
}

/**
 * The site's measured values as they arrive (a value that just changed is marked for a moment by CSS). A
 * site that is not connected sends nothing: its values are its last ones, headed and marked as such,
 * never shown as "now".
 */
export function LiveValues({ tags, values, connected, language, t }: LiveValuesProps) {
  return (
    <section className="varde-site-page__card" aria-labelledby="varde-site-live" part="live-values" data-connected={connected}>
      <h2 id="varde-site-live" className="varde-site-page__heading">{t(connected ? 'liveValues' : 'lastValues')}</h2>
      {!connected && tags.length > 0 ? (
        <p className="varde-site-page__stale" role="status" data-state="disconnected">
          {t('disconnectedValues')}
        </p>
      ) : null}
      {tags.length === 0 ? (
        <p>{t('noLiveValues')}</p>
      ) : (
        <table className="varde-site-page__table">
          <thead>
            <tr>
              <th scope="col">{t('tag')}</th>
              <th scope="col">{t('value')}</th>
            </tr>
          </thead>
          <tbody aria-live="off">
            {tags.map((tag) => {
              const live = values[tag.tag];
              return (
                <tr key={tag.tag} data-live-tag={tag.tag}>
                  <th scope="row">{tag.tag}</th>
                  <td className="varde-site-page__value" data-live-value={live ? String(live.value) : undefined} key={live?.at}>
                    {live ? formatValue(live.value, tag.unit, language) : t(connected ? 'waiting' : 'noValue')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
