/**
 * The site list's data: a core sites store for the shared session (first page = window height /
 * 64 px, then pages growing to 200 ahead of the viewport), alarm reports and realtime status tags
 * for the rows on screen, and status and alarm refresh every 30 s.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createSitesStore, type Session, type SiteListKind, type SitesState, type SitesStore } from '@varde/core';
import { realtimePaths } from '@varde/core/contract';
import { useStoreState, type ExternalStore } from '../shared/useStoreState.js';

export function useSitesData(session: Session | null, signedIn: boolean, list: SiteListKind): { store: SitesStore | null; state: SitesState | null } {
  const store = useMemo(
    () => (session ? createSitesStore({ http: () => session.http, realtime: () => session.realtime }) : null),
    [session],
  );
  const state = useStoreState(store);

  useEffect(() => {
    if (!store || !signedIn) return;
    void store.getState().loadFirstPage(window.innerHeight, list);
  }, [store, signedIn, list]);

  return { store, state };
}

/**
 * Alarm reports for the rows as they come on screen, each site once (the 30 s refresh keeps the
 * visible ones fresh): a list that loads pages ahead does not ask for thousands of reports.
 */
export function useVisibleAlarmReports(store: SitesStore | null, visibleKey: string): void {
  const requested = useRef(new Set<string>());
  useEffect(() => {
    requested.current = new Set();
  }, [store]);
  useEffect(() => {
    if (!store || visibleKey === '') return;
    const fresh = visibleKey.split(' ').filter((uuid) => !requested.current.has(uuid));
    if (fresh.length === 0) return;
    for (const uuid of fresh) requested.current.add(uuid);
    void store.getState().refreshAlarmReports(fresh);
  }, [store, visibleKey]);
}

/** Site status and the visible rows' alarm reports every 30 s while mounted. */
export function useSitesRefresh(store: SitesStore | null, signedIn: boolean, visibleUuids: () => readonly string[]): void {
  const visible = useRef(visibleUuids);
  visible.current = visibleUuids;
  useEffect(() => {
    if (!store || !signedIn) return;
    return store.getState().startRefresh({ alarmSites: () => visible.current() });
  }, [store, signedIn]);
}

/** Subscribes to the status tags of the rows on screen (settled for 200 ms, so a fast scroll does not churn). */
export function useVisibleStatusTags(store: SitesStore | null, signedIn: boolean, visibleKey: string): void {
  useEffect(() => {
    if (!store || !signedIn || visibleKey === '') return;
    let stop: (() => void) | null = null;
    const timer = setTimeout(() => {
      stop = store.getState().watchStatusTags(visibleKey.split(' '));
    }, 200);
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, [store, signedIn, visibleKey]);
}

/**
 * A status message is one text, or texts by UI language (`{"no": …, "en": …, "se": …}`, decision:
 * operators read it in their language): the language's, else English, else any.
 */
export function statusMessageText(value: unknown, language: string): string | null {
  const text =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object'
        ? ((value as Record<string, unknown>)[language] ?? (value as Record<string, unknown>).en ?? Object.values(value)[0])
        : null;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/** The cloud status message for this host name (/statusMessage/{hostname}) in the UI language, or null. */
export function useStatusMessage(session: Session | null, signedIn: boolean, hostname: string, language: string): string | null {
  const message = useMemo((): ExternalStore<string | null> | null => {
    if (!session || !signedIn || !hostname) return null;
    let value: string | null = null;
    return {
      getState: () => value,
      subscribe(onChange: () => void) {
        const realtime = session.realtime;
        if (!realtime) return () => undefined;
        return realtime.subscribe(
          realtimePaths.statusMessage(hostname),
          (next) => {
            value = statusMessageText(next, language);
            onChange();
          },
          { onError: () => undefined },
        );
      },
    };
  }, [session, signedIn, hostname, language]);
  return useStoreState(message);
}
