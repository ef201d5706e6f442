/**
 * SiteAlarmCardsWidget (<varde-site-alarm-cards>): one card per site with active alarms (class of
 * the most severe, count, latest tag and time), from the same alarm feed as the table and the map.
 * One named customer site is left out (`exclude-site`).
 */
import { memo, useCallback, useMemo } from 'react';
import { alarmClassColor, createSiteAlarmMarkersSelector, formatDateTime, i18n, isMobileWidth, siteLoginLink, siteOpenLink, siteOpenTarget, type AlarmsState } from '@varde/core';
import { emitVardeEvent, useVardeEvents } from '../shared/events.js';
import { useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation, type WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import { classTextColor } from '../alarmTable/AlarmRows.js';
import type { NavigateDetail } from '../alarmTable/events.js';
import { useSiteFeed } from '../alarmTable/useSiteFeed.js';
import { useFeedState } from '../alarmTable/FeedState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { useStoreState } from '../shared/useStoreState.js';
import { siteAlarmCardsStrings } from './strings.js';
import { siteAlarmCardsStyles } from './styles.js';

/** The customer site the cards leave out by default (the one the customer-specific login opens). */
export const EXCLUDED_CARD_SITE = 'Oslo Vannverk';

export interface SiteAlarmCardsWidgetProps {
  /** Name of the site to leave out (case-insensitive); default EXCLUDED_CARD_SITE, `''` leaves none out. */
  excludeSite?: string | undefined;
  mobileApp?: boolean | undefined;
  /** The host's page for one site (`{uuid}` replaced; the portal: `/sites/{uuid}`): a card's name links there. */
  siteHref?: string | undefined;
  /** React callers: `varde-navigate`'s detail; return false to route yourself. */
  onNavigate?: ((detail: NavigateDetail) => boolean | void) | undefined;
}

const rowsOf = (state: AlarmsState) => state.rowsBySite;

interface AlarmCardProps {
  siteUuid: string;
  name: string;
  alarmGroup: string;
  count: number;
  latestTag: string;
  latestTime: string;
  link: string | null;
  target: string;
  onOpen?: ((href: string, event: React.MouseEvent<HTMLAnchorElement>) => void) | undefined;
  t: WidgetTranslate;
}

/** One card; memoized on its values, so a poll that changes one site re-renders one card. */
const AlarmCard = memo(function AlarmCard({ siteUuid, name, alarmGroup, count, latestTag, latestTime, link, target, onOpen, t }: AlarmCardProps) {
  const color = alarmClassColor(alarmGroup);
  return (
    <li className="varde-site-alarm-cards__card" part="card" data-site-uuid={siteUuid} data-class={alarmGroup} style={{ ['--card-color' as string]: color }}>
      {link ? (
        <a
          className="varde-site-alarm-cards__name"
          href={link}
          target={target}
          rel={target === '_blank' ? 'noopener noreferrer' : undefined}
          title={t('openSite')}
          onClick={onOpen ? (event) => onOpen(link, event) : undefined}
        >
          {name}
        </a>
      ) : (
        <span className="varde-site-alarm-cards__name">{name}</span>
      )}
      <span>
        <span className="varde-site-alarm-cards__class" style={{ background: color, color: classTextColor(alarmGroup) }}>
          {alarmGroup}
        </span>
        {t('activeCount', { count })}
      </span>
      <span className="varde-site-alarm-cards__meta">
        {t('latestTag', { tag: latestTag })} · {formatDateTime(latestTime, i18n.language)}
      </span>
    </li>
  );
});

export function SiteAlarmCardsWidget(props: SiteAlarmCardsWidgetProps) {
  const { t, language } = useWidgetTranslation(siteAlarmCardsStrings);
  const session = useSharedSession();
  const { feed, state: feedState } = useSiteFeed({ alarms: true });
  const rowsBySite = useStoreState(feed?.alarms ?? null, rowsOf, {});
  const excluded = (props.excludeSite ?? EXCLUDED_CARD_SITE).trim().toLowerCase();
  const markersOf = useMemo(() => createSiteAlarmMarkersSelector(), []);
  const cards = useMemo(
    () =>
      markersOf(feedState.sites, rowsBySite)
        .filter((card) => excluded === '' || card.name.trim().toLowerCase() !== excluded)
        .sort((a, b) => Date.parse(b.latestTime) - Date.parse(a.latestTime)),
    [markersOf, feedState.sites, rowsBySite, excluded],
  );
  const byUuid = useMemo(() => new Map(feedState.sites.map((site) => [site.uuid, site])), [feedState.sites]);
  const mobile = typeof window !== 'undefined' && isMobileWidth(window.innerWidth);
  const target = props.siteHref ? '_self' : siteOpenTarget(props.mobileApp ?? false);
  const { rootRef } = useVardeEvents();
  const onNavigate = props.onNavigate;
  const onOpen = useCallback(
    (href: string, event: React.MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const detail = { href };
      const allowed = emitVardeEvent(rootRef.current, 'varde-navigate', detail, { cancelable: true });
      if (!allowed || onNavigate?.(detail) === false) event.preventDefault();
    },
    [rootRef, onNavigate],
  );
  const polled = Object.keys(rowsBySite).length > 0;
  const { notice, stale } = useFeedState({
    feed,
    state: feedState,
    polled,
    empty: cards.length === 0,
    emptyText: t('none'),
    signedOutText: t('signedOut'),
    rootRef,
  });

  return (
    <WidgetRoot styles={`${siteAlarmCardsStyles}\n${widgetStateStyles}`} className="varde-site-alarm-cards" rootRef={rootRef} lang={language}>
      {/* Says what it counts (issue 37, item 1): every site with an active alarm, acknowledged or not, as the map. */}
      <p className="varde-site-alarm-cards__title" part="title" data-count={cards.length}>
        {t('title', { count: cards.length })}
      </p>
      {stale}
      {notice ?? (
        <ul className="varde-site-alarm-cards__grid" aria-label={t('label')} part="list">
          {cards.map((card) => {
            const site = byUuid.get(card.siteUuid);
            const link = props.siteHref
              ? props.siteHref.replace('{uuid}', encodeURIComponent(card.siteUuid))
              : site?.webpmpReady === true
                ? (session ? siteOpenLink(site, session.settings, { mobile }) : siteLoginLink(site, { loginServerUrl: '', mobile }))
                : null;
            return (
              <AlarmCard
                key={card.siteUuid}
                siteUuid={card.siteUuid}
                name={card.name}
                alarmGroup={card.alarmGroup}
                count={card.count}
                latestTag={card.latestTag}
                latestTime={card.latestTime}
                link={link}
                target={target}
                onOpen={props.siteHref ? onOpen : undefined}
                t={t}
              />
            );
          })}
        </ul>
      )}
    </WidgetRoot>
  );
}
