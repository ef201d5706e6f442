import type { SiteRecord } from '../controllers/sites.js';
import { type SiteTag, insertSiteTags } from '../search/siteTags.js';
import type { Db } from '../storage/db.js';
import { stableUuid } from './demoSites.js';
import { DEMO_ALARMS, DEMO_TAGS } from './demoCatalogue.js';

const MINUTE = 60_000;
const OPERATORS = ['drift@varde.test', 'vaktsentral', 'ola.nordmann', 'kari.driftsoperatør'];

/**
 * Every site gets the catalogue's tags (values vary by site). Alarms are spread so that the list
 * and the map have something to show: every third site has an active alarm (classes A, B, C in
 * turn), every fifth a cleared one not yet acknowledged, and every site a little acknowledged history.
 */
export async function seedDemoAlarmsAndTags(db: Db, sites: readonly SiteRecord[], now: number): Promise<void> {
  const alarms: AlarmRow[] = [];
  const tags: SiteTag[] = [];
  const insertAlarm = (...[id, siteUuid, group, tagName, text, value, activeAt, inactiveAt, ackedAt, ackedBy, changedAt]: AlarmValues) =>
    alarms.push({
      id, site_uuid: siteUuid, alarm_group: group, tag_name: tagName, text, value, alarm_type: 'limit', active_at: activeAt,
      inactive_at: inactiveAt, acked_at: ackedAt, acked_by: ackedBy, changed_at: changedAt,
    });
  for (const [index, site] of sites.entries()) {
    for (const [tagIndex, tag] of DEMO_TAGS.entries()) {
      tags.push({
        siteUuid: site.uuid,
        name: tag.name,
        description: tag.description,
        value: tag.values[(index + tagIndex) % tag.values.length]!,
        seqNo: 1 + ((index * 7 + tagIndex * 3) % 40),
        lastChanged: now - ((index * 13 + tagIndex * 29) % 600) * MINUTE,
        changedBy: OPERATORS[(index + tagIndex) % OPERATORS.length]!,
      });
    }

    const alarm = (slot: number) => DEMO_ALARMS[(index * 5 + slot) % DEMO_ALARMS.length]!;
    const id = (slot: number) => stableUuid(`alarm:${site.uuid}:${slot}`);
    // Acknowledged history: raised and cleared hours ago.
    const old = alarm(3);
    const oldAt = now - (300 + index * 11) * MINUTE;
    insertAlarm(id(0), site.uuid, old.alarmGroup, old.tagName, old.text, old.value, oldAt, oldAt + 45 * MINUTE,
      oldAt + 50 * MINUTE, OPERATORS[index % OPERATORS.length]!, oldAt + 50 * MINUTE);
    if (index % 5 === 1) {
      const cleared = alarm(2);
      const at = now - (90 + index) * MINUTE;
      insertAlarm(id(1), site.uuid, cleared.alarmGroup, cleared.tagName, cleared.text, cleared.value, at,
        at + 20 * MINUTE, null, null, at + 20 * MINUTE);
    }
    if (index % 3 === 0) {
      const group = (['A', 'B', 'C'] as const)[(index / 3) % 3]!;
      const active = DEMO_ALARMS.filter((item) => item.alarmGroup === group)[index % 4]!;
      const at = now - (5 + index * 3) * MINUTE;
      insertAlarm(id(2), site.uuid, active.alarmGroup, active.tagName, active.text, active.value, at, null,
        null, null, at);
    }
  }
  await insertSiteTags(db, tags);
  for (let start = 0; start < alarms.length; start += 500) await db.insertInto('alarms').values(alarms.slice(start, start + 500)).execute();
}

type AlarmValues = [
  id: string, siteUuid: string, group: string, tagName: string, text: string, value: string, activeAt: number,
  inactiveAt: number | null, ackedAt: number | null, ackedBy: string | null, changedAt: number,
];
type AlarmRow = Record<string, string | number | null>;
