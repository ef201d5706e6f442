import { useState } from 'react';
import { createSchedule, deleteSchedule, describeError, listSchedules, replaceSchedule, scheduleTimeline } from '@varde/core';
import type { OnCallSchedule } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useSession } from '../../app/useSession.js';
import { ConfirmDialog } from '../accessTokens/ConfirmDialog.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { CalendarFeedPanel } from './CalendarFeedPanel.js';
import { MyShifts } from './MyShifts.js';
import { ScheduleCard } from './ScheduleCard.js';
import { ScheduleForm } from './ScheduleForm.js';
import { emptyScheduleDraft, mayEditSchedules, scheduleDraftOf, scheduleInputOf, type ScheduleDraft } from './scheduleDraft.js';
import { TIMELINE_MS } from './onCallTimes.js';
import { useOnCallTexts } from './useOnCallTexts.js';
import '../accessTokens/accessTokensStyles.js';
import './onCallStyles.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** The partner's schedules, each with its next 14 days (one answer per schedule, asked together). */
async function loadSchedules(now: number) {
  const schedules = await listSchedules(session.http);
  return Promise.all(schedules.map(async (schedule) => ({ schedule, spans: (await scheduleTimeline(session.http, schedule.id, { from: now, to: now + TIMELINE_MS })).data })));
}

/**
 * /oncall (issue 35): the partner's on-call schedules (who is on call now and next, the next 14 days,
 * rotations, overrides with a form), the signed-in person's next shifts, and their calendar feed links.
 */
export function OnCallPage() {
  const t = useOnCallTexts(['menu']);
  const { user } = useSession();
  const [now, setNow] = useState(() => Date.now());
  // One key: a refresh after a change reloads (with the new now) and keeps the cards and their notices meanwhile.
  const { state, reload } = useLoaded(() => loadSchedules(now), 'schedules');
  const refresh = () => {
    setNow(Date.now());
    reload();
  };
  const canEdit = mayEditSchedules(user);
  const [editing, setEditing] = useState<{ schedule: OnCallSchedule | null } | null>(null);
  const [deleting, setDeleting] = useState<OnCallSchedule | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function save(draft: ScheduleDraft) {
    const input = scheduleInputOf(draft);
    const saved = editing?.schedule ? await replaceSchedule(session.http, editing.schedule.id, input) : await createSchedule(session.http, input);
    setEditing(null);
    setNotice({ text: t('onCall:scheduleSaved', { name: saved.name }), error: false });
    refresh();
  }

  async function remove(schedule: OnCallSchedule) {
    setBusy(true);
    try {
      await deleteSchedule(session.http, schedule.id);
      setNotice({ text: t('onCall:scheduleDeleted', { name: schedule.name }), error: false });
      refresh();
    } catch (error) {
      setNotice({ text: t('onCall:failed', { message: describeError(error) }), error: true });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const known = state.status === 'ready' ? [...new Set(state.value.flatMap(({ schedule }) => [...schedule.layers.flatMap((layer) => layer.users), ...schedule.overrides.map((item) => item.user)]))] : [];
  return (
    <PageFrame className="oncall-page" title={t('onCall:title')}>
      <p className="oncall-intro">{t('onCall:intro')}</p>
      {canEdit && state.status === 'ready' ? (
        editing ? (
          <ScheduleForm
            key={editing.schedule?.id ?? 'new'}
            initial={editing.schedule ? scheduleDraftOf(editing.schedule) : emptyScheduleDraft()}
            known={user?.email ? [...known, user.email] : known}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <p>
            <button type="button" onClick={() => setEditing({ schedule: null })} data-testid="new-schedule">
              {t('onCall:newSchedule')}
            </button>
          </p>
        )
      ) : null}
      <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="schedules-notice">
        {notice?.text ?? ''}
      </p>
      {state.status === 'loading' ? (
        <p role="status">{t('onCall:loading')}</p>
      ) : state.status === 'error' ? (
        <div role="alert" className="form-error">
          <p>{t('onCall:loadFailed', { message: state.message })}</p>
          <button type="button" onClick={refresh}>
            {t('onCall:retry')}
          </button>
        </div>
      ) : (
        // Without a schedule there are no shifts to list or subscribe to: only the why.
        state.value.length === 0 ? (
          <p className="oncall-panel oncall-muted" data-testid="no-schedules">
            {canEdit ? t('onCall:noSchedulesYet') : t('onCall:noSchedules')}
          </p>
        ) : (
          <>
            <MyShifts me={user?.email ?? null} timelines={state.value} />
            {state.value.map(({ schedule, spans }) => (
              <ScheduleCard
                key={schedule.id}
                schedule={schedule}
                spans={spans}
                now={now}
                onChanged={refresh}
                {...(canEdit ? { onEdit: () => setEditing({ schedule }), onDelete: () => setDeleting(schedule) } : {})}
              />
            ))}
            <CalendarFeedPanel />
          </>
        )
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('onCall:deleteScheduleTitle')}
        text={deleting ? t('onCall:deleteScheduleQuestion', { name: deleting.name }) : ''}
        confirmLabel={t('onCall:deleteSchedule')}
        cancelLabel={t('onCall:cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </PageFrame>
  );
}
