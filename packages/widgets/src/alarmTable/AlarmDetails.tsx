/**
 * The alarm dialog: one alarm's details, state and history with acknowledge (with a comment), clear
 * and shelve; or, for a selection, a bulk acknowledgement with one comment. Comments are shown as
 * text (React escapes them), never as HTML. Focus goes to the comment when it opens (issue 37, item 3: it
 * stayed on the row behind the modal), and to Close once an acknowledgement has disabled the button it was on.
 */
import { useEffect, useRef, useState } from 'react';
import { formatDateTime, formatMeasuredText, i18n } from '@varde/core';
import { isShelved, type AlarmAuditResponse, type AlarmHistoryEntry, type AlarmRow, type EscalationLogLine } from '@varde/core/contract';
import '../shared/shoelaceElements.js';
import { useElementEvent } from '../shared/useElementEvent.js';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { stateText } from './alarmState.js';
import { EscalationTimeline } from './EscalationTimeline.js';
import { AlarmStepsBy } from './AlarmStepsBy.js';
import type { AlarmActions } from './useAlarmActions.js';

/** Shelving times offered (minutes). */
export const SHELVE_CHOICES = [15, 60, 240, 480, 1440, 10080] as const;

export interface AlarmDetailsProps {
  /** One alarm (details and every action) or several (bulk acknowledgement); empty = closed. */
  rows: readonly AlarmRow[];
  t: WidgetTranslate;
  actions: AlarmActions;
  onClose: () => void;
  /** A bulk acknowledgement went through: the table closes the dialog and lets go of the selection. */
  onBulkDone?: (count: number) => void;
  /** The host's page for the alarm's site (`{uuid}` replaced), and who routes to it. */
  siteLink?: { href: string; open: (href: string, event: React.MouseEvent<HTMLAnchorElement>) => void } | undefined;
}

function HistoryList({ entries: all, t }: { entries: readonly AlarmHistoryEntry[]; t: WidgetTranslate }) {
  // Escalation steps have their own timeline below (EscalationTimeline), from the escalation log.
  const entries = all.filter((entry) => entry.action !== 'escalated');
  if (entries.length === 0) return <p className="varde-alarm-table__muted">{t('historyEmpty')}</p>;
  return (
    <ol className="varde-alarm-table__history" part="history">
      {entries.map((entry, index) => (
        <li key={index} data-action={entry.action}>
          <span className="varde-alarm-table__muted">{formatDateTime(entry.at, i18n.language)}</span>{' '}
          <strong>{t(`action_${entry.action}`)}</strong>
          {' · '}
          {entry.by ?? t('bySite')}
          {entry.until ? ` · ${t('until', { time: formatDateTime(entry.until, i18n.language) })}` : ''}
          {entry.comment ? <q className="varde-alarm-table__comment">{entry.comment}</q> : null}
        </li>
      ))}
    </ol>
  );
}

/** Focuses the element once the dialog around it is defined and rendered open (Shoelace moves focus only on a later open). */
function focusWhenOpen(dialog: HTMLElement | null, target: () => HTMLElement | null | undefined): void {
  if (!dialog) return;
  // Not upgraded (Shoelace's parts still loading, or a host without them): the field is focusable as it is.
  const rendered = (dialog as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete ?? Promise.resolve();
  void rendered.then(() => target()?.focus());
}

export function AlarmDetails({ rows, t, actions, onClose, onBulkDone, siteLink }: AlarmDetailsProps) {
  const dialog = useRef<HTMLElement>(null);
  const commentField = useRef<HTMLTextAreaElement>(null);
  const closeButton = useRef<HTMLElement>(null);
  const [comment, setComment] = useState('');
  const [minutes, setMinutes] = useState<number>(60);
  const [history, setHistory] = useState<AlarmHistoryEntry[]>([]);
  const [escalation, setEscalation] = useState<EscalationLogLine[]>([]);
  const [stepsBy, setStepsBy] = useState<AlarmAuditResponse['data'] | null>(null);
  // Clearing sets an alarm returned without the site saying so: asked once more before it is done.
  const [confirmClear, setConfirmClear] = useState(false);
  const single = rows.length === 1 ? rows[0]! : null;
  const allAcknowledged = rows.every((row) => row.acknowledgedBy !== null);
  const open = rows.length > 0;
  useElementEvent(dialog, 'sl-request-close', (event) => {
    if (event.target !== dialog.current) return;
    if (actions.busy) event.preventDefault();
    else onClose();
  });

  // The history again whenever the alarm changes (a push brings a new row object).
  const historyKey = single ? `${single.id}|${single.acknowledgedBy}|${single.inactive}|${single.shelvedUntil}` : '';
  useEffect(() => {
    if (!single) return;
    let current = true;
    actions.history(single.id).then(
      (entries) => current && setHistory(entries),
      () => current && setHistory([]),
    );
    actions.escalation(single.id).then(
      (lines) => current && setEscalation(lines),
      () => current && setEscalation([]),
    );
    actions.stepsBy(single.id).then(
      (steps) => current && setStepsBy(steps),
      () => current && setStepsBy(null),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [historyKey]);
  useEffect(() => {
    if (!open) setComment('');
    setConfirmClear(false);
  }, [open, single?.id]);
  // Into the dialog as it opens: the comment, the first thing an acknowledgement may take. Shoelace
  // asks (sl-initial-focus) when it opens the dialog itself; the effect covers a dialog rendered open.
  useElementEvent(dialog, 'sl-initial-focus', (event) => {
    if (event.target !== dialog.current || !commentField.current) return;
    event.preventDefault();
    commentField.current.focus({ preventScroll: true });
  });
  useEffect(() => {
    if (open) focusWhenOpen(dialog.current, () => commentField.current);
  }, [open, single?.id]);

  const done = (ok: boolean) => {
    if (ok) setComment('');
  };
  const now = Date.now();
  const label = single ? `${single.alarmGroup} · ${single.site} · ${single.tagName}` : t('bulkTitle', { count: rows.length });

  return (
    <sl-dialog ref={dialog} label={label} open={open} part="alarm-dialog" data-dialog="alarm" className="varde-alarm-table__dialog">
      {single ? (
        <dl className="varde-alarm-table__facts">
          <dt>{t('colDescription')}</dt>
          <dd>{single.text}</dd>
          <dt>{t('colValue')}</dt>
          <dd>{formatMeasuredText(single.value, i18n.language)}</dd>
          <dt>{t('colTriggered')}</dt>
          <dd>{formatDateTime(single.active, i18n.language)}</dd>
          <dt>{t('colState')}</dt>
          <dd data-testid="alarm-state">{stateText(single, t, now)}</dd>
          {single.ackComment ? (
            <>
              <dt>{t('ackComment')}</dt>
              <dd data-testid="ack-comment">{single.ackComment}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p>{t('bulkText', { count: rows.length })}</p>
      )}
      <label className="varde-alarm-table__field">
        <span>{t('comment')}</span>
        <textarea
          ref={commentField}
          className="varde-alarm-table__textarea"
          part="comment"
          maxLength={1000}
          rows={2}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      </label>
      {actions.error ? (
        <p className="varde-alarm-table__error" role="alert">
          {t('actionFailed', { message: actions.error })}
        </p>
      ) : null}
      <div className="varde-alarm-table__actions">
        <sl-button
          variant="primary"
          size="small"
          data-action="acknowledge"
          loading={actions.busy}
          disabled={actions.busy || allAcknowledged}
          onClick={() =>
            void actions.acknowledge(rows.map((row) => row.id), comment).then((ok) => {
              done(ok);
              if (ok && !single) onBulkDone?.(rows.length);
              // The acknowledge button is disabled now; focus on it would fall to body.
              else if (ok) focusWhenOpen(dialog.current, () => closeButton.current);
            })
          }
        >
          {single ? t('acknowledge') : t('acknowledgeCount', { count: rows.length })}
        </sl-button>
        {single ? (
          <>
            {confirmClear ? (
              <span className="varde-alarm-table__confirm" role="group" aria-label={t('clearConfirm')} data-testid="clear-confirm">
                <span>{t('clearConfirm')}</span>
                <sl-button
                  size="small"
                  variant="danger"
                  data-action="clear-confirmed"
                  disabled={actions.busy}
                  onClick={() =>
                    void actions.clear(single.id, comment).then((ok) => {
                      done(ok);
                      setConfirmClear(false);
                    })
                  }
                >
                  {t('clear')}
                </sl-button>
                <sl-button size="small" data-action="clear-cancel" onClick={() => setConfirmClear(false)}>
                  {t('cancel')}
                </sl-button>
              </span>
            ) : (
              <sl-button size="small" data-action="clear" disabled={actions.busy || single.inactive !== null} onClick={() => setConfirmClear(true)}>
                {t('clear')}
              </sl-button>
            )}
            {single.inactive !== null ? (
              <span className="varde-alarm-table__muted" data-testid="clear-why-not">
                {t('clearNotNeeded')}
              </span>
            ) : null}
            <span className="varde-alarm-table__group">
              <select
                className="varde-alarm-table__select"
                part="shelve-duration"
                aria-label={t('shelveFor')}
                value={minutes}
                onChange={(event) => setMinutes(Number(event.currentTarget.value))}
              >
                {SHELVE_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`shelve_${choice}`)}
                  </option>
                ))}
              </select>
              <sl-button size="small" data-action="shelve" disabled={actions.busy} onClick={() => void actions.shelve(single.id, minutes, comment).then(done)}>
                {t('shelve')}
              </sl-button>
            </span>
            {isShelved(single, now) ? (
              <sl-button size="small" data-action="unshelve" disabled={actions.busy} onClick={() => void actions.unshelve(single.id)}>
                {t('unshelve')}
              </sl-button>
            ) : null}
          </>
        ) : null}
      </div>
      {single && siteLink ? (
        <p>
          <a
            className="varde-alarm-table__link"
            part="site-link"
            href={siteLink.href.replace('{uuid}', encodeURIComponent(single.siteUuid))}
            onClick={(event) => siteLink.open(event.currentTarget.getAttribute('href')!, event)}
          >
            {t('openSitePage', { site: single.site })}
          </a>
        </p>
      ) : null}
      {single && stepsBy ? <AlarmStepsBy steps={stepsBy} t={t} /> : null}
      {single ? (
        <section aria-label={t('history')}>
          <h3 className="varde-alarm-table__subhead">{t('history')}</h3>
          <HistoryList entries={history} t={t} />
        </section>
      ) : null}
      {single ? <EscalationTimeline alarm={single} lines={escalation} history={history} t={t} /> : null}
      <sl-button ref={closeButton} slot="footer" size="small" data-action="close" onClick={onClose}>
        {t('close')}
      </sl-button>
    </sl-dialog>
  );
}
