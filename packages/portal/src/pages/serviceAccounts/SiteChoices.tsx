import { useId, useState } from 'react';
import type { SiteOption } from './grantOptions.js';
import { useAccessTokenTexts } from '../accessTokens/useAccessTokenTexts.js';

/** The sites a service account may see: a checkbox each, with a filter for long lists. */
export function SiteChoices({ sites, chosen, onChange }: { sites: readonly SiteOption[]; chosen: ReadonlySet<string>; onChange: (next: Set<string>) => void }) {
  const t = useAccessTokenTexts();
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle ? sites.filter((site) => site.name.toLocaleLowerCase().includes(needle)) : sites;
  const toggle = (uuid: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(uuid);
    else next.delete(uuid);
    onChange(next);
  };
  return (
    <fieldset className="site-choices">
      <legend>{t('accessTokens:sites')}</legend>
      {sites.length === 0 ? (
        <p>{t('accessTokens:noSitesToGrant')}</p>
      ) : (
        <>
          <label htmlFor={`${id}-filter`} className="visually-hidden">
            {t('accessTokens:filterSites')}
          </label>
          <input id={`${id}-filter`} type="search" placeholder={t('accessTokens:filterSites')} value={filter} onChange={(event) => setFilter(event.target.value)} />
          <ul className="site-choices__list">
            {shown.map((site) => (
              <li key={site.uuid}>
                <label>
                  <input type="checkbox" checked={chosen.has(site.uuid)} onChange={(event) => toggle(site.uuid, event.target.checked)} />
                  <span>{site.name}</span>
                </label>
              </li>
            ))}
          </ul>
          <p className="site-choices__count" aria-live="polite">
            {t('accessTokens:sitesChosen', { count: chosen.size })}
          </p>
        </>
      )}
    </fieldset>
  );
}
