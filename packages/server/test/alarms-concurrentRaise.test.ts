import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoSites } from '../src/seed/demoSites.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * A raise is "is this tag already active? then re-trigger, else insert". Raised many times at once (on
 * PostgreSQL in parallel transactions), a tag still ends with one active alarm: the partial unique index
 * on active alarms decides, and the losers re-trigger the winner's alarm.
 */
let cloud: Cloud;
beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(() => cloud.close());

test('ten raises of one tag at once leave one active alarm, and every raise answers with it', async () => {
  const site = demoSites()[7]!;
  const raises = Array.from({ length: 10 }, (_, index) =>
    cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'RACE1', text: 'Samtidig', value: String(index) }),
  );
  const rows = await Promise.all(raises);
  expect(new Set(rows.map((row) => row.id)).size).toBe(1);
  const active = await cloud.context.db
    .selectFrom('alarms')
    .select('id')
    .where('site_uuid', '=', site.uuid)
    .where('tag_name', '=', 'RACE1')
    .where('inactive_at', 'is', null)
    .execute();
  expect(active).toEqual([{ id: rows[0]!.id }]);
});
