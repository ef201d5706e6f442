/**
 * An alarm's escalation as a timeline (issue 35): raised, then what each step sent to whom by which
 * channel (or skipped, and why), then who acknowledged or why it stopped. Names and addresses are shown
 * as text (React escapes them), never as HTML. Nothing is shown for an alarm no policy escalated.
 */
import { formatDateTime, i18n } from '@varde/core';
import type { AlarmHistoryEntry, AlarmRow, EscalationLogLine } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

function reasonText(reason: string | null, t: WidgetTranslate): string {
  if (!reason) return '';
  const key = `escReason_${reason}`;
  const text = t(key);
  return text === key ? reason : text;
}

function lineText(line: EscalationLogLine, t: WidgetTranslate): string {
  const who = line.username ?? line.userUid ?? '?';
  const channel = line.channel ? t(`escChannel_${line.channel}`) : '';
  if (line.outcome === 'sent') return t('escSent', { channel, who: line.to && line.to !== who ? `${who} (${line.to})` : who });
  if (line.outcome === 'skipped') return t(line.channel ? 'escSkippedChannel' : 'escSkipped', { channel, who, reason: reasonText(line.reason, t) });
  return t('escStopped', { reason: reasonText(line.reason, t) });
}

export function EscalationTimeline({ alarm, lines, history, t }: { alarm: AlarmRow; lines: readonly EscalationLogLine[]; history: readonly AlarmHistoryEntry[]; t: WidgetTranslate }) {
  if (lines.length === 0) return null;
  const acknowledged = history.find((entry) => entry.action === 'acknowledged');
  const when = (at: string | number) => formatDateTime(at, i18n.language);
  return (
    <section aria-label={t('escalation')} data-testid="escalation-timeline">
      <h3 className="varde-alarm-table__subhead">{t('escalation')}</h3>
      <ol className="varde-alarm-table__history varde-alarm-table__escalation">
        <li data-outcome="raised">
          <span className="varde-alarm-table__muted">{when(alarm.active)}</span> <strong>{t('action_raised')}</strong>
        </li>
        {lines.map((line, index) => (
          <li key={index} data-outcome={line.outcome} data-step={line.step + 1}>
            <span className="varde-alarm-table__muted">{when(line.at)}</span>{' '}
            <strong>{line.round > 0 ? t('escStepRound', { step: line.step + 1, round: line.round + 1 }) : t('escStep', { step: line.step + 1 })}</strong>
            {' · '}
            {lineText(line, t)}
          </li>
        ))}
        {acknowledged ? (
          <li data-outcome="acknowledged">
            <span className="varde-alarm-table__muted">{when(acknowledged.at)}</span> <strong>{t('escAcknowledgedBy', { who: acknowledged.by ?? t('bySite') })}</strong>
            {acknowledged.comment ? <q className="varde-alarm-table__comment">{acknowledged.comment}</q> : null}
          </li>
        ) : null}
      </ol>
    </section>
  );
}
