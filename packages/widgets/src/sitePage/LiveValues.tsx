import { formatValue, type HistorianTag } from '@varde/core';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import type { LiveValue } from './useLiveValues.js';

export interface LiveValuesProps {
  tags: readonly HistorianTag[];
  values: Record<string, LiveValue>;
  language: string;
  t: WidgetTranslate;
}

/** The site's measured values as they arrive (a value that just changed is marked for a moment by CSS). */
export function LiveValues({ tags, values, language, t }: LiveValuesProps) {
  return (
    <section className="varde-site-page__card" aria-labelledby="varde-site-live" part="live-values">
      <h2 id="varde-site-live" className="varde-site-page__heading">{t('liveValues')}</h2>
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
                    {live ? formatValue(live.value, tag.unit, language) : t('waiting')}
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
