import { useId, useState } from 'react';
import { describeError, i18n, replaceSchedule } from '@varde/core';
import type { OnCallSchedule, OnCallSpan } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { DragBar } from './DragBar.js';
import { OverrideForm, scheduleWith } from './OverrideForm.js';
import { nowAndNext, placeOf, timeIn, TIMELINE_MS } from './onCallTimes.js';
import { useOnCallTexts } from './useOnCallTexts.js';

/** Each person's colour on the bar, by their place among the schedule's people (a few design tokens, both themes). */
const SHADES = 6;

/**
 * One schedule: who is on call now and next, its layers (rotations), the next 14 days as a bar and a list,
 * and its overrides with a form to add one and a button to remove each.
 */
export interface ScheduleCardProps {
  schedule: OnCallSchedule;
  spans: readonly OnCallSpan[];
  now: number;
  onChanged: () => void;
  /** Given only to those the cloud lets change schedules. */
  onEdit?: () => void;
  onDelete?: () => void;
}

export function ScheduleCard({ schedule, spans, now, onChanged, onEdit, onDelete }: ScheduleCardProps) {
  const t = useOnCallTexts();
  const id = useId();
  const language = i18n.language;
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // A span dragged on the bar: it fills the override form's from and to.
  const [picked, setPicked] = useState<{ from: number; to: number } | null>(null);
  const at = (iso: string) => timeIn(iso, language, schedule.timeZone);
  const people = [...new Set([...schedule.layers.flatMap((layer) => layer.users), ...schedule.overrides.map((item) => item.user)])];
  const shade = (user: string) => Math.max(0, people.indexOf(user)) % SHADES;

  async function removeOverride(index: number) {
    setBusy(true);
    try {
      await replaceSchedule(session.http, schedule.id, scheduleWith(schedule, schedule.overrides.filter((_, position) => position !== index)));
      setNotice({ text: t('onCall:overrideRemoved'), error: false });
      onChanged();
    } catch (error) {
      setNotice({ text: t('onCall:failed', { message: describeError(error) }), error: true });
    } finally {
      setBusy(false);
    }
  }

  const { now: current, next } = nowAndNext(spans, now);
  return (
    <article className="oncall-schedule" aria-labelledby={`${id}-name`} data-testid="schedule" data-schedule-name={schedule.name}>
      <header className="oncall-schedule__head">
        <h2 id={`${id}-name`}>{schedule.name}</h2>
        <p className="oncall-muted">
          {t('onCall:timeZone', { zone: schedule.timeZone })} · {schedule.sites === null ? t('onCall:allSites') : t('onCall:siteCount', { count: schedule.sites.length })}
        </p>
        {onEdit || onDelete ? (
          <div className="oncall-buttons">
            {onEdit ? (
              <button type="button" className="button-secondary" onClick={onEdit} aria-label={t('onCall:editScheduleNamed', { name: schedule.name })}>
                {t('onCall:editSchedule')}
              </button>
            ) : null}
            {onDelete ? (
              <button type="button" className="button-secondary" onClick={onDelete} aria-label={t('onCall:deleteScheduleNamed', { name: schedule.name })}>
                {t('onCall:deleteSchedule')}
              </button>
            ) : null}
          </div>
        ) : null}
      </header>

      <dl className="oncall-now">
        <div>
          <dt>{t('onCall:nowOnCall')}</dt>
          <dd data-testid="on-call-now">
            {current ? <>{current.user} <span className="oncall-muted">{t('onCall:untilTime', { time: at(current.to) })}</span></> : t('onCall:nobody')}
          </dd>
        </div>
        <div>
          <dt>{t('onCall:nextOnCall')}</dt>
          <dd data-testid="on-call-next">
            {next ? <>{next.user} <span className="oncall-muted">{t('onCall:fromTime', { time: at(next.from) })}</span></> : t('onCall:nobody')}
          </dd>
        </div>
      </dl>

      <section aria-labelledby={`${id}-timeline ${id}-name`}>
        <h3 id={`${id}-timeline`}>{t('onCall:timeline')}</h3>
        <p className="oncall-muted">{t('onCall:dragHint')}</p>
        <DragBar start={now} windowMs={TIMELINE_MS} selected={picked} onSelect={setPicked}>
          {spans.map((span) => {
            const place = placeOf(span, now, TIMELINE_MS);
            return <span key={span.from} className={`oncall-bar__span oncall-shade-${shade(span.user)}`} style={{ left: `${place.left}%`, width: `${place.width}%` }} title={span.user} />;
          })}
        </DragBar>
        <ol className="oncall-spans" aria-label={t('onCall:timelineLabel', { schedule: schedule.name })} data-testid="timeline">
          {spans.map((span) => (
            <li key={span.from}>
              <span className={`oncall-dot oncall-shade-${shade(span.user)}`} aria-hidden="true" />
              <span className="oncall-spans__who">{span.user}</span> <span className="oncall-muted">{at(span.from)} – {at(span.to)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={`${id}-layers ${id}-name`}>
        <h3 id={`${id}-layers`}>{t('onCall:layers')}</h3>
        <p className="oncall-muted">{t('onCall:layerHelp')}</p>
        <ol className="oncall-layers" data-testid="layers">
          {schedule.layers.map((layer, index) => (
            <li key={index} className="oncall-layer">
              <strong>{t('onCall:layerNumber', { number: index + 1 })}</strong>
              <dl>
                <dt>{t('onCall:rotation')}</dt>
                <dd>{layer.rotation === 'daily' || layer.rotation === 'weekly' ? t(`onCall:rotation_${layer.rotation}`) : <code>{layer.rotation}</code>}</dd>
                <dt>{t('onCall:firstHandOff')}</dt>
                <dd>
                  {layer.start.replace('T', ' ')}
                  {layer.endTime ? ` · ${t('onCall:endsAt', { time: layer.endTime })}` : ''}
                </dd>
                <dt>{t('onCall:people')}</dt>
                <dd>{layer.users.join(' → ')}</dd>
              </dl>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={`${id}-overrides ${id}-name`}>
        <h3 id={`${id}-overrides`}>{t('onCall:overrides')}</h3>
        {schedule.overrides.length === 0 ? (
          <p className="oncall-muted">{t('onCall:noOverrides')}</p>
        ) : (
          <ul className="oncall-overrides" data-testid="overrides">
            {schedule.overrides.map((item, index) => (
              <li key={`${item.user}|${item.from}`}>
                <span>{t('onCall:overrideRow', { user: item.user, from: at(item.from), to: at(item.to) })}</span>
                <button
                  type="button"
                  className="button-secondary"
                  disabled={busy}
                  aria-label={t('onCall:removeOverrideNamed', { user: item.user, from: at(item.from) })}
                  onClick={() => void removeOverride(index)}
                >
                  {t('onCall:removeOverride')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <OverrideForm
          schedule={schedule}
          preset={picked}
          onSaved={(text) => {
            setPicked(null);
            setNotice({ text, error: false });
            onChanged();
          }}
        />
        <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="schedule-notice">
          {notice?.text ?? ''}
        </p>
      </section>
    </article>
  );
}
