/**
 * The states of a view of the alarm feed (table, site alarm cards, map), in the one shared form
 * (WidgetState): signed out (a sign-in prompt), the site list failed or refused (with a retry),
 * connecting (with the loading limit and a retry), empty; and, beside rows already shown, stale while
 * the cloud or a site does not answer (why, and since when).
 */
import type { ReactElement, RefObject } from 'react';
import type { AlarmStaleness } from '@varde/core';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { useSessionSnapshot } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStrings } from '../shared/widgetStateStrings.js';
import { feedStateStrings } from './feedStateStrings.js';
import type { SiteFeed, SiteFeedState } from './siteFeed.js';
import { useAlarmStaleness } from './useAlarmStaleness.js';

// One collator for the names of the sites that do not answer.
const byName = new Intl.Collator('nb');

export interface FeedStateOptions {
  feed: SiteFeed | null;
  state: SiteFeedState;
  /** Whether any site's alarms have been read (then loading is over). */
  polled: boolean;
  /** Nothing to show once loaded. */
  empty: boolean;
  emptyText: string;
  signedOutText: string;
  /** A site's socket still on its way: loading goes on until it has answered (the table). */
  connecting?: boolean | undefined;
  /** Overrides the "connecting" text while loading. */
  loadingText?: string | undefined;
  rootRef: RefObject<HTMLElement | null>;
}

/** `notice`: the state to show instead of (or, for the map, over) the rows; `stale`: the stale notice to show beside them. */
export function useFeedState(options: FeedStateOptions): { notice: ReactElement | null; stale: ReactElement | null; staleness: AlarmStaleness | null } {
  const { t } = useWidgetTranslation(feedStateStrings);
  const shared = useWidgetTranslation(widgetStateStrings).t;
  const snapshot = useSessionSnapshot();
  const staleness = useAlarmStaleness(options.feed);
  const { feed, state, polled } = options;
  const retry = () => void feed?.reloadSites();
  const signedOut = snapshot?.state === 'signed-out';

  let notice: ReactElement | null = null;
  if (signedOut) {
    notice = <SignedOutPrompt text={options.signedOutText} buttonText={shared('signIn')} className="varde-state" rootRef={options.rootRef} />;
  } else if (state.status === 'error' && !polled) {
    notice = <ErrorState error={state.failure ?? state.error} missing={t('missing')} onRetry={retry} />;
  } else if (!polled && (state.status === 'loading' || feed === null || options.connecting === true)) {
    notice = <WidgetState kind="loading" text={options.loadingText ?? t('connecting')} onRetry={retry} />;
  } else if (options.empty) {
    notice = <WidgetState kind="empty" text={options.emptyText} />;
  }

  let stale: ReactElement | null = null;
  if (staleness && !signedOut) {
    const names = new Map(state.sites.map((site) => [site.uuid, site.name]));
    const reason = staleness.all
      ? t('staleCloud')
      : t('staleSites', { count: staleness.sites.length, names: staleness.sites.map((uuid) => names.get(uuid) ?? uuid).sort(byName.compare).join(', ') });
    stale = <WidgetState kind="stale" since={staleness.since} reason={reason} />;
  }
  return { notice, stale, staleness };
}
