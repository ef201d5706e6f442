import { alarmClassColor, alarmClassTextColor, formatDateTime, i18n } from '@varde/core';
import type { AlarmRow } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

/** The site's active alarms, most severe first, newest first within a class. */
export function SiteAlarms({ alarms, t, children }: { alarms: readonly AlarmRow[]; t: WidgetTranslate; children?: React.ReactNode }) {
  const sorted = [...alarms].sort((a, b) => a.alarmGroup.localeCompare(b.alarmGroup) || Date.parse(b.active) - Date.parse(a.active));
  return (
    <section className="varde-site-page__card" aria-labelledby="varde-site-alarms" part="alarms">
      <h2 id="varde-site-alarms" className="varde-site-page__heading">{t('activeAlarms')}</h2>
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
                  {formatDateTime(alarm.active, i18n.language)} · {alarm.acknowledgedBy ? t('acknowledgedBy', { name: alarm.acknowledgedBy }) : t('unacknowledged')}
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
