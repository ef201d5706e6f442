import { useEffect, useId, useRef, useState } from 'react';
import { describeError, listAllSites } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useOnCallTexts } from '../onCall/useOnCallTexts.js';

/** How many sites the list shows at once (a partner may have thousands); more asks for a narrower search. */
const SHOWN = 50;

type SitesState = { status: 'idle' | 'loading' } | { status: 'ready'; sites: Site[] } | { status: 'error'; message: string };

export interface PolicySitesProps {
  /** null: every site of the partner, now and later; a list: only those (uuids). */
  value: string[] | null;
  onChange: (sites: string[] | null) => void;
}

/**
 * Which sites a policy binds to: all of them, or the ones ticked in a searchable list of the sites the
 * editor can see (loaded when first needed). Ticked sites stay at the top of the list.
 */
export function PolicySites({ value, onChange }: PolicySitesProps) {
  const t = useOnCallTexts();
  const id = useId();
  const [state, setState] = useState<SitesState>({ status: 'idle' });
  const [search, setSearch] = useState('');
  // The list chosen before "All sites" was picked comes back with "Only these".
  const lastChosen = useRef<string[]>(value ?? []);
  const choosing = value !== null;

  useEffect(() => {
    if (!choosing || state.status !== 'idle') return;
    setState({ status: 'loading' });
    listAllSites(session.http, { list: 'controllers' }).then(
      (sites) => setState({ status: 'ready', sites: [...sites].sort((a, b) => a.name.localeCompare(b.name)) }),
      (error: unknown) => setState({ status: 'error', message: describeError(error) }),
    );
  }, [choosing, state.status]);

  const chosen = new Set(value ?? []);
  const toggle = (uuid: string, on: boolean) => {
    const next = on ? [...(value ?? []), uuid] : (value ?? []).filter((item) => item !== uuid);
    lastChosen.current = next;
    onChange(next);
  };

  return (
    <fieldset className="policy-sites" data-testid="policy-sites">
      <legend>{t('onCall:sites')}</legend>
      <div className="policy-checks">
        <label>
          <input type="radio" name={`${id}-scope`} checked={!choosing} onChange={() => onChange(null)} />
          {t('onCall:allSites')}
        </label>
        <label>
          <input type="radio" name={`${id}-scope`} checked={choosing} onChange={() => onChange(lastChosen.current)} />
          {t('onCall:onlySites')}
        </label>
      </div>
      {choosing ? (
        <>
          <p className="oncall-muted" role="status" data-testid="sites-chosen">
            {t('onCall:sitesChosen', { count: chosen.size })}
          </p>
          {state.status === 'ready' ? (
            <SiteChecklist sites={state.sites} chosen={chosen} search={search} onSearch={setSearch} onToggle={toggle} />
          ) : state.status === 'error' ? (
            <div role="alert" className="form-error">
              <p>{t('onCall:loadFailed', { message: state.message })}</p>
              <button type="button" className="button-secondary" onClick={() => setState({ status: 'idle' })}>
                {t('onCall:retry')}
              </button>
            </div>
          ) : (
            <p role="status">{t('onCall:sitesLoading')}</p>
          )}
        </>
      ) : null}
    </fieldset>
  );
}

interface SiteChecklistProps {
  sites: readonly Site[];
  chosen: ReadonlySet<string>;
  search: string;
  onSearch: (search: string) => void;
  onToggle: (uuid: string, on: boolean) => void;
}

function SiteChecklist({ sites, chosen, search, onSearch, onToggle }: SiteChecklistProps) {
  const t = useOnCallTexts();
  const wanted = search.trim().toLowerCase();
  const matching = sites.filter((site) => chosen.has(site.uuid) || site.name.toLowerCase().includes(wanted));
  const ordered = [...matching.filter((site) => chosen.has(site.uuid)), ...matching.filter((site) => !chosen.has(site.uuid))];
  const hidden = Math.max(0, ordered.length - SHOWN);
  return (
    <>
      <label className="oncall-field">
        <span>{t('onCall:findSite')}</span>
        <input type="search" value={search} onChange={(event) => onSearch(event.currentTarget.value)} />
      </label>
      <ul className="policy-site-list">
        {ordered.slice(0, SHOWN).map((site) => (
          <li key={site.uuid}>
            <label>
              <input type="checkbox" checked={chosen.has(site.uuid)} onChange={(event) => onToggle(site.uuid, event.currentTarget.checked)} />
              {site.name}
            </label>
          </li>
        ))}
      </ul>
      {ordered.length === 0 ? <p className="oncall-muted">{t('onCall:noSiteMatches', { search: search.trim() })}</p> : null}
      {hidden > 0 ? <p className="oncall-muted">{t('onCall:moreSites', { count: hidden })}</p> : null}
    </>
  );
}
