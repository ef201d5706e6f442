/**
 * SitePageWidget: one site as an operator needs it — its state, its live values (realtime), a trend
 * of a stored tag (uPlot), its active alarms and its notification rules, and a way into the
 * controller itself (the portal's controller view through the cloud's proxy, by path).
 */
import { isMobileWidth, siteOpenLink } from '@varde/core';
import { useVardeEvents } from '../shared/events.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import type { NavigateDetail } from '../alarmTable/events.js';
import { NavLink } from '../alarmTable/NavLink.js';
import { LiveValues } from './LiveValues.js';
import { SiteAlarms } from './SiteAlarms.js';
import { SiteRules } from './SiteRules.js';
import { sitePageStrings } from './strings.js';
import { sitePageStyles } from './styles.js';
import { TrendChart } from './TrendChart.js';
import { useLiveValues } from './useLiveValues.js';
import { useSiteData } from './useSiteData.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';

export interface SitePageWidgetProps {
  siteUuid: string;
  /**
   * Where "Open the controller" goes, `{uuid}` replaced (the portal: its controller view through the
   * cloud's proxy). Without it the controller opens at its own host name, in a new tab.
   */
  controllerHref?: string | undefined;
  /** The alarm list and the rule editor, for the links under those cards (none without them); `{uuid}` is replaced (the portal: `/alarms?site={uuid}`, the list filtered to this site). */
  alarmsHref?: string | undefined;
  rulesHref?: string | undefined;
  onNavigate?: ((detail: NavigateDetail) => boolean | void) | undefined;
}

const STATUS_COLORS = { online: '#2e7d32', offline: '#757575', unavailable: '#9e9e9e' };

export function SitePageWidget({ siteUuid, controllerHref, alarmsHref, rulesHref, onNavigate }: SitePageWidgetProps) {
  const { t, language } = useWidgetTranslation(sitePageStrings);
  const { rootRef } = useVardeEvents();
  const session = useSharedSession();
  // The cloud reads rules to a system admin and to a user with the notifications or the users module.
  const user = useSessionSnapshot()?.user ?? null;
  const mayReadRules = user === null || user.systemAdmin === true || user.moduleAccesses?.notifications === true || user.moduleAccesses?.users === true;
  const { data, retry } = useSiteData(session, siteUuid, mayReadRules);
  const tags = data.kind === 'ready' ? data.tags.map((tag) => tag.tag) : [];
  const live = useLiveValues(session, siteUuid, tags);

  const body = () => {
    if (data.kind === 'loading' || !session) return <WidgetState kind="loading" text={t('loading')} onRetry={retry} />;
    if (data.kind === 'not-found') return <p role="alert">{t('notFound')}</p>;
    if (data.kind === 'failed') return <WidgetState kind="failed" detail={data.detail} onRetry={retry} />;
    const { site } = data;
    const state = site.webpmpReady === true ? 'online' : site.webpmpReady === false ? 'offline' : 'unavailable';
    const link = (href: string | undefined, text: string) =>
      href ? (
        <NavLink href={href} rootRef={rootRef} onNavigate={onNavigate} className="varde-site-page__link">
          {text}
        </NavLink>
      ) : null;
    return (
      <>
        <header className="varde-site-page__header" part="header">
          <h1 className="varde-site-page__title">{site.name}</h1>
          <span className="varde-site-page__status" style={{ ['--status-color' as string]: STATUS_COLORS[state] }} data-state={state}>
            {t(state)}
          </span>
          {state === 'online' && controllerHref ? (
            <NavLink href={controllerHref.replace('{uuid}', encodeURIComponent(site.uuid))} rootRef={rootRef} onNavigate={onNavigate} className="varde-site-page__open" part="open-controller">
              {t('openController')}
            </NavLink>
          ) : state === 'online' ? (
            <a
              className="varde-site-page__open"
              part="open-controller"
              href={siteOpenLink(site, session.settings, { mobile: isMobileWidth(window.innerWidth) })}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('openController')}
            </a>
          ) : (
            <p className="varde-site-page__muted">{t('controllerOffline')}</p>
          )}
        </header>
        <div className="varde-site-page__grid">
          <LiveValues tags={data.tags} values={live} connected={state === 'online'} language={language} t={t} />
          {data.tags.length > 0 ? <TrendChart session={session} siteUuid={site.uuid} tags={data.tags} language={language} t={t} /> : <div />}
          <SiteAlarms alarms={data.alarms} t={t}>
            {link(alarmsHref?.replace('{uuid}', encodeURIComponent(site.uuid)), t('allAlarms'))}
          </SiteAlarms>
          <SiteRules rules={data.rules} access={data.rulesAccess} t={t}>
            {link(rulesHref, t('editRules'))}
          </SiteRules>
        </div>
      </>
    );
  };

  return (
    <WidgetRoot styles={`${sitePageStyles}\n${widgetStateStyles}`} className="varde-site-page" rootRef={rootRef} lang={language}>
      {body()}
    </WidgetRoot>
  );
}
