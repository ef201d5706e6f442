/**
 * Site access choices (admin-modules spec, section 6): the merged normal and admin controllers of
 * the acting user, one entry per site, by name.
 */
import { useEffect, useState } from 'react';
import { describeError, listAllSites, type HttpClient } from '@varde/core';

export interface SiteChoice {
  uuid: string;
  name: string;
}

export async function loadSiteChoices(http: HttpClient): Promise<SiteChoice[]> {
  const [normal, admin] = await Promise.all([
    listAllSites(http, { list: 'controllers' }),
    listAllSites(http, { list: 'adminControllers' }),
  ]);
  const byUuid = new Map<string, SiteChoice>();
  for (const site of [...normal, ...admin]) byUuid.set(site.uuid, { uuid: site.uuid, name: site.name });
  return [...byUuid.values()].sort((a, b) => a.name.localeCompare(b.name, 'nb') || a.uuid.localeCompare(b.uuid));
}

export type SiteChoicesState = { status: 'loading' } | { status: 'ready'; sites: SiteChoice[] } | { status: 'error'; message: string };

/** Loads the choices when signed in, again whenever the tokens change. */
export function useSiteChoices(http: HttpClient | null, tokensVersion: number | undefined): SiteChoicesState {
  const [state, setState] = useState<SiteChoicesState>({ status: 'loading' });
  useEffect(() => {
    if (!http || tokensVersion === undefined) return;
    let active = true;
    loadSiteChoices(http).then(
      (sites) => active && setState({ status: 'ready', sites }),
      (error: unknown) => active && setState({ status: 'error', message: describeError(error) }),
    );
    return () => {
      active = false;
    };
  }, [http, tokensVersion]);
  return state;
}
