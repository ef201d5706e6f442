import { alarmClassColor, alarmClassTextColor, formatDateTime, i18n } from '@varde/core';
import type { AlarmRow } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import type { SiteAlarmsNow } from './useSiteData.js';

/**
 * The site's alarms that need the operator (active, and returned but unacknowledged), most severe first,
 * newest first within a class; with the unacknowledged count the site list shows for the site.
 */
export function SiteAlarms({ alarms: now, t, children }: { alarms: SiteAlarmsNow; t: WidgetTranslate; children?: React.ReactNode }) {
  const alarms: readonly AlarmRow[] = now.rows;
  const sorted = [...alarms].sort((a, b) => a.alarmGroup.localeCompare(b.alarmGroup) || Date.parse(b.active) - Date.parse(a.active));
  return (
    <section className="varde-site-page__card" aria-labelledby="varde-site-alarms" part="alarms">
      <h2 id="varde-site-alarms" className="varde-site-page__heading">{t('activeAlarms')}</h2>
      {now.unacked > 0 ? <p className="varde-site-page__muted" data-testid="site-unacked">{t('unackedCount', { count: now.unacked })}</p> : null}
      {sorted.length === 0 ? (
        <p>{t('noAlarms')}</p>
      ) : (
        <ul className="varde-site-page__alarms">
          {sorted.map((alarm) => (
            <li key={alarm.id} data-alarm-id={alarm.id}>
              <span className="varde-site-page__class" style={{ background: alarmClassColor(alarm.alarmGroup), color: alarmClassTextColor(alarm.alarmGroup) }}>
                {alarm.alarmGroup}
              </span>
              <span className="varde-site-page__alarm-text">
                <strong>{alarm.tagName}</strong> {alarm.text}
                <small>
                  {formatDateTime(alarm.active, i18n.language)}
                  {alarm.inactive ? ` · ${t('returned')}` : ''} · {alarm.acknowledgedBy ? t('acknowledgedBy', { name: alarm.acknowledgedBy }) : t('unacknowledged')}
                </small>
              </span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
