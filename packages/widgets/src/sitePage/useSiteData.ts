import { useEffect, useState } from 'react';
import { fetchAlarmReport, getSite, getSiteRules, isHttpError, listAlarms, listHistorianTags, type HistorianTag, type Session } from '@varde/core';
import type { AlarmRow, NotificationRule, Site } from '@varde/core/contract';

export type SiteData =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'failed'; detail: string }
  | { kind: 'ready'; site: Site; tags: HistorianTag[]; alarms: SiteAlarmsNow; rules: NotificationRule[]; rulesAccess: RulesAccess };

/**
 * The alarms that need the operator: active ones and returned ones not yet acknowledged, with the
 * unacknowledged count from the site's alarm report, the source the site list counts from (so both agree).
 */
export interface SiteAlarmsNow {
  rows: AlarmRow[];
  unacked: number;
}

/** Whether the rules could be read: a 403 is not "no rules" (the user lacks the module), a failure neither. */
export type RulesAccess = 'ok' | 'refused' | 'failed';

/** How often the site's active alarms are read again (the alarm list's own cadence is 3 s per site). */
const ALARMS_REFRESH_MS = 5_000;

function detailOf(error: unknown): string {
  if (isHttpError(error)) return error.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The site, its tags that have stored values, its active alarms (read again every few seconds) and its
 * notification rules. A site the user may not see reads as not found: the page never says whose it is.
 */
export function useSiteData(session: Session | null, siteUuid: string, mayReadRules = true): { data: SiteData; retry: () => void } {
  const [data, setData] = useState<SiteData>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!session) return;
    const http = session.http;
    const controller = new AbortController();
    const signal = controller.signal;
    let timer: ReturnType<typeof setInterval> | null = null;
    setData({ kind: 'loading' });
    const activeAlarms = async (): Promise<SiteAlarmsNow> => {
      const [active, unacked, report] = await Promise.all([
        listAlarms(http, { site: siteUuid, active: 'true' }, { signal }),
        listAlarms(http, { site: siteUuid, state: 'unacked' }, { signal }),
        fetchAlarmReport(http, siteUuid, { signal }),
      ]);
      return { rows: [...new Map([...active, ...unacked].map((alarm) => [alarm.id, alarm])).values()], unacked: report.unacked };
    };
    void (async () => {
      try {
        const site = await getSite(http, siteUuid, { signal });
        const [tags, alarms, rules] = await Promise.all([
          listHistorianTags(http, siteUuid, { signal }).catch(() => []),
          activeAlarms(),
          // Asked only of a caller who may read them (issue 37, item 5: a User's every visit was a 403 in the console).
          mayReadRules
            ? getSiteRules(http, siteUuid).then(
                (all) => ({ list: Object.values(all), access: 'ok' as RulesAccess }),
                (failure: unknown) => ({ list: [] as NotificationRule[], access: (isHttpError(failure) && failure.status === 403 ? 'refused' : 'failed') as RulesAccess }),
              )
            : { list: [] as NotificationRule[], access: 'refused' as RulesAccess },
        ]);
        if (signal.aborted) return;
        setData({ kind: 'ready', site, tags, alarms, rules: rules.list, rulesAccess: rules.access });
        timer = setInterval(() => {
          void activeAlarms().then(
            (fresh) => setData((current) => (current.kind === 'ready' ? { ...current, alarms: fresh } : current)),
            () => undefined,
          );
        }, ALARMS_REFRESH_MS);
      } catch (error) {
        if (signal.aborted) return;
        const status = isHttpError(error) ? error.status : 0;
        setData(status === 404 || status === 403 ? { kind: 'not-found' } : { kind: 'failed', detail: detailOf(error) });
      }
    })();
    return () => {
      controller.abort();
      if (timer) clearInterval(timer);
    };
  }, [session, siteUuid, attempt, mayReadRules]);

  return { data, retry: () => setAttempt((value) => value + 1) };
}
