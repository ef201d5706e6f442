import { useEffect, useMemo } from 'react';
import { createLicensingStore, type LicensingState } from '@varde/core';
import type { StoredLicense } from '@varde/core/contract';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useStoreState } from '../shared/useStoreState.js';

/**
 * The widget's licensing data: one core store per widget instance, bound to the shared session.
 * The partners are read when signed in (and again when the tokens change); the partners shown are
 * watched (realtime subscription, or REST when the session has no realtime connection).
 */
export function useLicensing(shownPartners: string[]): { state: LicensingState; signedIn: boolean; signedOut: boolean; retry: () => void } {
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';
  const store = useMemo(
    () => createLicensingStore({ http: () => session?.http ?? null, realtime: () => session?.realtime ?? null }),
    [session],
  );
  const state = useStoreState(store);

  const tokensVersion = snapshot?.tokensVersion;
  useEffect(() => {
    if (signedIn) void store.getState().loadPartners();
  }, [store, signedIn, tokensVersion]);

  const key = shownPartners.join(',');
  useEffect(() => {
    if (!signedIn || key === '') return;
    const stops = key.split(',').map((partner) => store.getState().watchPartner(partner));
    return () => stops.forEach((stop) => stop());
  }, [store, signedIn, key]);

  return { state, signedIn, signedOut: snapshot?.state === 'signed-out', retry: () => void store.getState().loadPartners() };
}

/** The rows shown: the chosen partners' active licences or archive, filtered by the search text. */
export function visibleLicenses(state: LicensingState, partners: string[], archived: boolean, search: string): StoredLicense[] {
  const needle = search.trim().toLowerCase();
  const rows = partners.flatMap((partner) => {
    const data = state.byPartner[partner];
    return data ? (archived ? data.archive : data.active) : [];
  });
  if (!needle) return rows;
  return rows.filter((row) =>
    Object.values(row.licenseInfo).some((value) => typeof value !== 'object' && String(value).toLowerCase().includes(needle)),
  );
}
