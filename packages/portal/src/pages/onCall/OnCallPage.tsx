import { useState } from 'react';
import { listSchedules, scheduleTimeline } from '@varde/core';
import { session } from '../../app/session.js';
import { useSession } from '../../app/useSession.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { CalendarFeedPanel } from './CalendarFeedPanel.js';
import { MyShifts } from './MyShifts.js';
import { ScheduleCard } from './ScheduleCard.js';
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
  return (
    <PageFrame className="oncall-page" title={t('onCall:title')}>
      <p className="oncall-intro">{t('onCall:intro')}</p>
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
            {t('onCall:noSchedules')}
          </p>
        ) : (
          <>
            <MyShifts me={user?.email ?? null} timelines={state.value} />
            {state.value.map(({ schedule, spans }) => (
              <ScheduleCard key={schedule.id} schedule={schedule} spans={spans} now={now} onChanged={refresh} />
            ))}
            <CalendarFeedPanel />
          </>
        )
      )}
    </PageFrame>
  );
}
