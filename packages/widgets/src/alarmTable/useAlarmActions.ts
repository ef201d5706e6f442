/** The operator's actions on alarms, through the shared session (the alarms service over HTTP). */
import { useCallback, useRef, useState } from 'react';
import { acknowledgeAlarm, acknowledgeAlarms, alarmEscalationLog, alarmHistory, alarmStepsBy, clearAlarm, shelveAlarm, unshelveAlarm } from '@varde/core';
import type { AlarmAuditResponse, AlarmHistoryEntry, EscalationLogLine } from '@varde/core/contract';
import { useSharedSession } from '../shared/useSharedSession.js';
import type { SiteFeed } from './siteFeed.js';

export interface AlarmActions {
  busy: boolean;
  /** The last failure's message (the server's detail), null after a success. */
  error: string | null;
  /** The last failure's message at once (the `error` state shows it only after the next render). */
  lastError(): string | null;
  acknowledge(ids: readonly string[], comment: string): Promise<boolean>;
  clear(id: string, comment: string): Promise<boolean>;
  shelve(id: string, minutes: number, comment: string): Promise<boolean>;
  unshelve(id: string): Promise<boolean>;
  history(id: string): Promise<AlarmHistoryEntry[]>;
  /** What the alarm's escalation sent to whom and when (issue 35); empty when no policy escalated it. */
  escalation(id: string): Promise<EscalationLogLine[]>;
  /** Who last acknowledged, cleared and shelved it, from the audit log (issue 36). */
  stepsBy(id: string): Promise<AlarmAuditResponse['data'] | null>;
}

export function useAlarmActions(feed: SiteFeed | null): AlarmActions {
  const session = useSharedSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastError = useRef<string | null>(null);

  const run = useCallback(
    async (action: (http: NonNullable<typeof session>['http']) => Promise<unknown>): Promise<boolean> => {
      if (!session) return false;
      setBusy(true);
      setError(null);
      lastError.current = null;
      try {
        await action(session.http);
        // The push brings the change to every viewer; this one asks at once too.
        void feed?.pollNow();
        return true;
      } catch (failure) {
        lastError.current = (failure as Error).message;
        setError(lastError.current);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [session, feed],
  );

  return {
    busy,
    error,
    lastError: () => lastError.current,
    acknowledge: (ids, comment) => run((http) => (ids.length === 1 ? acknowledgeAlarm(http, ids[0]!, comment) : acknowledgeAlarms(http, ids, comment))),
    clear: (id, comment) => run((http) => clearAlarm(http, id, comment)),
    shelve: (id, minutes, comment) => run((http) => shelveAlarm(http, id, minutes, comment)),
    unshelve: (id) => run((http) => unshelveAlarm(http, id)),
    history: async (id) => (session ? alarmHistory(session.http, id) : []),
    escalation: async (id) => (session ? alarmEscalationLog(session.http, id) : []),
    stepsBy: async (id) => (session ? alarmStepsBy(session.http, id) : null),
  };
}
