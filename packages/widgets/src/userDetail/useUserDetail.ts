/**
 * What the user detail shows: the user (GET /users/{id}), what the acting user may hand out
 * (GET /users/grantable), the names of the actor's sites (merged normal and admin controllers) and
 * of their licensing partners (realtime `/partners/{id}/name`, when the realtime database is there).
 */
import { useCallback, useEffect, useState } from 'react';
import { getGrantable, getUser, type Session } from '@varde/core';
import type { GrantableResponse, ManagedUser } from '@varde/core/contract';
import { loadSiteChoices, type SiteChoice } from '../createUser/siteChoices.js';

export interface UserDetailData {
  user: ManagedUser;
  grantable: GrantableResponse;
  sites: SiteChoice[];
  partnerNames: Record<string, string>;
}

export type UserDetailState = { status: 'loading' } | { status: 'error'; error: unknown } | ({ status: 'ready' } & UserDetailData);

async function partnerNames(session: Session, partners: readonly string[]): Promise<Record<string, string>> {
  const realtime = session.realtime;
  if (!realtime) return {};
  const names = await Promise.all(
    partners.map((id) =>
      realtime.get<unknown>(`/partners/${id}/name`).then(
        (name) => [id, typeof name === 'string' ? name : id] as const,
        () => [id, id] as const,
      ),
    ),
  );
  return Object.fromEntries(names);
}

export function useUserDetail(session: Session | null, tokensVersion: number | undefined, userId: string) {
  const [state, setState] = useState<UserDetailState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!session || tokensVersion === undefined || !userId) return;
    let active = true;
    setState({ status: 'loading' });
    (async () => {
      const [user, grantable, sites] = await Promise.all([getUser(session.http, userId), getGrantable(session.http), loadSiteChoices(session.http)]);
      const names = await partnerNames(session, grantable.licensingPartners);
      return { user, grantable, sites, partnerNames: names };
    })().then(
      (data) => active && setState({ status: 'ready', ...data }),
      (error: unknown) => active && setState({ status: 'error', error }),
    );
    return () => {
      active = false;
    };
  }, [session, tokensVersion, userId, generation]);

  /** The server's answer after a change replaces the user. */
  const setUser = useCallback((user: ManagedUser) => {
    setState((current) => (current.status === 'ready' ? { ...current, user } : current));
  }, []);
  // A retry shows loading again (with its limit), then the user or the failure.
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((value) => value + 1);
  }, []);
  return { state, setUser, reload };
}
