/**
 * SiteListWidget (<varde-site-list>): the signed-in user's sites, loaded page by page as the user
 * scrolls (first page = window height / 64 px, then 10; 300 px before the end, throttled 150 ms)
 * and virtualized, with the portal status text, the alarm summary and the online icon. An online
 * site opens its login link (new tab; the same window inside the mobile app).
 */
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import {
  SITE_ROW_HEIGHT_PX,
  SITES_SCROLL_THROTTLE_MS,
  SITES_AHEAD_SCREENS,
  SITES_SCROLL_TRIGGER_PX,
  isMobileWidth,
  siteLoginLink,
  siteOpenLink,
  siteOpenTarget,
  type SiteListKind,
} from '@varde/core';
import type { Site } from '@varde/core/contract';
import { emitVardeEvent, useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import type { SiteOpenDetail } from './events.js';
import { loadSiteListShoelaceParts } from './shoelace.js';
import { SiteRow } from './SiteRow.js';
import { siteListStrings } from './strings.js';
import { siteListStyles } from './styles.js';
import { useSitesData, useSitesRefresh, useStatusMessage, useVisibleAlarmReports, useVisibleStatusTags } from './useSitesData.js';
import { useVisibleAlarmPush } from './useVisibleAlarmPush.js';
import { useVirtualRows } from './useVirtualRows.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { ErrorState } from '../shared/ErrorState.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';

export interface SiteListWidgetProps {
  /** `controllers` (default): the user's sites; `adminControllers`: the sites they administer. */
  list?: SiteListKind | undefined;
  /** Inside the mobile app: sites open in the same window. */
  mobileApp?: boolean | undefined;
  /** Host name whose cloud status message is shown (default: the page's host name). */
  statusHost?: string | undefined;
  /**
   * A page of the host for one site (`{uuid}` replaced), e.g. the portal's `/sites/{uuid}`: every row's
   * name links there, in the same window. Without it an online site's name opens its controller login.
   */
  siteHref?: string | undefined;
  /** React callers: the same detail as `varde-site-open`; return false to open the site yourself. */
  onSiteOpen?: ((detail: SiteOpenDetail) => boolean | void) | undefined;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export function SiteListWidget(props: SiteListWidgetProps) {
  const { t, language } = useWidgetTranslation(siteListStrings);
  const { rootRef } = useVardeEvents();
  useShoelaceParts(loadSiteListShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';
  const list: SiteListKind = props.list === 'adminControllers' ? 'adminControllers' : 'controllers';
  const { store, state } = useSitesData(session, signedIn, list);
  const statusHost = props.statusHost ?? (typeof window === 'undefined' ? '' : window.location.hostname);
  const statusMessage = useStatusMessage(session, signedIn, statusHost, language);
  const mobile = isMobileWidth(useWindowWidth());
  const target = props.siteHref ? '_self' : siteOpenTarget(props.mobileApp ?? false);
  const siteHref = props.siteHref;

  const sites = state?.sites ?? [];
  const loadMore = useCallback(() => void store?.getState().loadMore(), [store]);
  const rows = useVirtualRows({
    count: sites.length,
    rowHeight: SITE_ROW_HEIGHT_PX,
    triggerPx: SITES_SCROLL_TRIGGER_PX,
    aheadScreens: SITES_AHEAD_SCREENS,
    throttleMs: SITES_SCROLL_THROTTLE_MS,
    onNearEnd: loadMore,
  });
  const visible = sites.slice(rows.start, rows.end);
  const visibleKey = visible.map((site) => site.uuid).join(' ');
  useVisibleStatusTags(store, signedIn, visibleKey);
  useVisibleAlarmReports(store, visibleKey);
  useSitesRefresh(store, signedIn, () => visibleKey.split(' ').filter(Boolean));
  const onlineKey = visible.filter((site) => site.webpmpReady === true).map((site) => site.uuid).join(' ');
  useVisibleAlarmPush(session, store, signedIn, onlineKey);

  const onSiteOpen = props.onSiteOpen;
  const onOpen = useCallback(
    (site: Site, href: string, event: MouseEvent<HTMLAnchorElement>) => {
      const detail: SiteOpenDetail = { uuid: site.uuid, name: site.name, url: href, target };
      const allowed = emitVardeEvent(rootRef.current, 'varde-site-open', detail, { cancelable: true });
      const reactAllowed = onSiteOpen?.(detail) !== false;
      if (!allowed || !reactAllowed) event.preventDefault();
    },
    [rootRef, onSiteOpen, target],
  );

  const loginServerUrl = session?.settings.loginServerUrl ?? '';
  const reload = () => void store?.getState().loadFirstPage(window.innerHeight, list);
  let body;
  if (snapshot?.state === 'signed-out') {
    body = <SignedOutPrompt text={t('signedOut')} buttonText={t('signInRequest')} className="varde-state" rootRef={rootRef} />;
  } else if (!state || state.status === 'idle' || state.status === 'loading') {
    body = <WidgetState kind="loading" text={t('sites:loading')} onRetry={reload} />;
  } else if (state.status === 'error') {
    body = <ErrorState error={state.error} missing={t('missing')} onRetry={reload} />;
  } else if (sites.length === 0) {
    body = <WidgetState kind="empty" text={t('sites:noSites')} />;
  } else {
    body = null;
  }

  return (
    <WidgetRoot styles={`${siteListStyles}\n${widgetStateStyles}`} className="varde-site-list" rootRef={rootRef} lang={language}>
      {statusMessage ? (
        <p className="varde-site-list__banner" role="status" part="banner">
          <span className="varde-site-list__banner-label">{t('cloudStatus')}:</span>
          {statusMessage}
        </p>
      ) : null}
      {body}
      <div className="varde-site-list__scroller" ref={rows.scrollRef} part="scroller" hidden={body !== null} data-loaded={sites.length}>
        <div className="varde-site-list__spacer" style={{ height: rows.totalHeight }}>
          <div className="varde-site-list__window" role="list" aria-label={t('listLabel')} style={{ transform: `translateY(${rows.offsetTop}px)` }}>
            {visible.map((site) => {
              const href = siteHref
                ? siteHref.replace('{uuid}', encodeURIComponent(site.uuid))
                : site.webpmpReady === true
                  ? (session ? siteOpenLink(site, session.settings, { mobile }) : siteLoginLink(site, { loginServerUrl, mobile }))
                  : null;
              return (
                <SiteRow
                  key={site.uuid}
                  site={site}
                  report={state?.reports[site.uuid]}
                  tags={state?.statusTags[site.uuid]}
                  href={href}
                  target={target}
                  t={t}
                  onOpen={onOpen}
                />
              );
            })}
          </div>
        </div>
        {state?.loadingMore ? (
          <div className="varde-site-list__more" part="loading-more" aria-live="polite">
            <sl-spinner aria-hidden="true" />
            {t('loadingMore')}
          </div>
        ) : null}
      </div>
    </WidgetRoot>
  );
}
