/** One row of the site list: status icon (tooltip), name (a link when online), portal status text, alarm summary. */
import { memo, type CSSProperties, type MouseEvent } from 'react';
import { alarmSummary, siteStatusIcon, type SiteStatusTags } from '@varde/core';
import type { AlarmReport, Site } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { Icon } from './icons.js';

export interface SiteRowProps {
  site: Site;
  report: AlarmReport | undefined;
  tags: SiteStatusTags | undefined;
  /** The site's page (when the host has one), else the login link when the site is online. */
  href: string | null;
  target: '_blank' | '_self';
  t: WidgetTranslate;
  onOpen: (site: Site, href: string, event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Colours come from the site's own tags: accept plain CSS colour forms only. */
export function safeCssColor(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  return /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([\d\s.,%/+-]{1,60}\))$/i.test(trimmed) ? trimmed : undefined;
}

/** The colour as a custom property; the CSS darkens it for text so light colours stay readable (WCAG AA). */
function cssColorVariable(name: string, color: string | undefined): CSSProperties | undefined {
  return color ? ({ [name]: color } as CSSProperties) : undefined;
}

export const SiteRow = memo(function SiteRow({ site, report, tags, href, target, t, onOpen }: SiteRowProps) {
  const status = siteStatusIcon(site.webpmpReady);
  const reported = alarmSummary(report);
  // The latest alarm cleared and everything acknowledged: nothing needs attention, so no "0 unacknowledged" (README).
  const summary = reported.state === 'unacked' && reported.count === 0 ? alarmSummary({ latestAlarm: null, unacked: 0 }) : reported;
  const tooltip = t(status.tooltipKey);
  // An online controller's own status text as it wrote it; a site that is not connected says so in the
  // user's language (the text its controller wrote last is old, and Norwegian whatever the user reads).
  const statusLine = site.webpmpReady === false ? t('sites:offline') : site.webpmpReady === null ? t('sites:unavailable') : tags?.text;
  // The controllers' own colours for these states (the demo's and the site page's).
  const statusColor = tags?.color ?? (site.webpmpReady === false ? '#757575' : site.webpmpReady === null ? '#9e9e9e' : undefined);
  return (
    <div
      className={`varde-site-list__row${site.webpmpReady === true ? ' varde-site-list__row--online' : ''}`}
      role="listitem"
      part="row"
      data-testid="site-row"
      data-site-uuid={site.uuid}
      data-status={status.icon}
    >
      <span className={`varde-site-list__icon varde-site-list__icon--${status.icon}`} title={tooltip} part="status-icon" data-icon={status.icon}>
        {status.icon === 'loading' ? <sl-spinner aria-label={tooltip} /> : <Icon name={status.icon} label={tooltip} />}
      </span>
      <span className="varde-site-list__main">
        {href ? (
          <a className="varde-site-list__name" part="name" href={href} target={target} rel={target === '_blank' ? 'noopener noreferrer' : undefined} onClick={(event) => onOpen(site, href, event)}>
            {site.name}
          </a>
        ) : (
          <span className="varde-site-list__name" part="name">
            {site.name}
          </span>
        )}
        {statusLine ? (
          <span className="varde-site-list__status-text" part="status-text" style={cssColorVariable('--status-color', safeCssColor(statusColor))}>
            {statusLine}
          </span>
        ) : null}
      </span>
      <span className={`varde-site-list__alarm varde-site-list__alarm--${summary.state}`} part="alarm" data-alarm-state={summary.state} data-alarm-class={summary.alarmGroup ?? undefined}>
        {summary.color ? <span className="varde-site-list__alarm-dot" style={{ background: summary.color }} aria-hidden="true" /> : null}
        <span className="varde-site-list__alarm-text" style={cssColorVariable('--alarm-color', summary.color ?? undefined)}>
          {t(summary.textKey, { count: summary.count })}
        </span>
      </span>
    </div>
  );
});
