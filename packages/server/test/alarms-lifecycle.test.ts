import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alarmHistoryResponse, alarmRowResponse, alarmRowsResponse, listAlarmsResponse, type AlarmRow, type SignedIn } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// What operators do to an alarm over HTTP: acknowledge with a comment, bulk, comment, clear, shelve, history, state filters.
let cloud: Cloud;
let user: SignedIn;
let sysadmin: SignedIn;
let partnerAdmin: SignedIn;
const sites = demoSites();
const site = sites[3]!; // the demo user's (sites 0-9), not Nordbygg's (30-59)

beforeAll(async () => {
  cloud = await startCloud();
  [user, sysadmin, partnerAdmin] = await Promise.all([signInDemo(cloud, 'user'), signInDemo(cloud, 'systemAdmin'), signInDemo(cloud, 'partnerAdmin')]);
});
afterAll(() => cloud.close());

let tagCount = 0;
async function raise(siteUuid = site.uuid): Promise<AlarmRow> {
  tagCount += 1;
  const raised = await callAs(cloud, sysadmin, 'alarms', '/simulation/alarms', {
    json: { siteUuid, alarmGroup: 'B', tagName: `LIFE-${tagCount}`, text: 'Tilluft for varm', value: '31' },
  });
  expect(raised.status).toBe(201);
  return alarmRowResponse.parse(raised.body).data;
}
const post = (who: SignedIn, path: string, json: unknown = {}) => callAs(cloud, who, 'alarms', path, { method: 'POST', json });
const history = async (id: string) => alarmHistoryResponse.parse((await callAs(cloud, user, 'alarms', `/alarms/${id}/history`)).body).data;

describe('the alarm lifecycle', () => {
  test('acknowledge with a comment: who, when and the comment, kept as plain text; a second acknowledgement keeps the first', async () => {
    const alarm = await raise();
    const comment = '<b>Ringte vakt</b> & sjekket spjeld';
    const acked = await post(user, `/alarms/${alarm.id}/acknowledge`, { comment });
    expect(acked.status).toBe(200);
    const row = alarmRowResponse.parse(acked.body).data;
    expect(row).toMatchObject({ acknowledgedBy: 'user@varde.test', ackComment: comment, acknowledgedAt: expect.any(String) });

    const again = await post(sysadmin, `/alarms/${alarm.id}/acknowledge`, { comment: 'later' });
    expect(alarmRowResponse.parse(again.body).data).toMatchObject({ acknowledgedBy: 'user@varde.test', ackComment: comment });
    expect((await history(alarm.id)).map((entry) => [entry.action, entry.by, entry.comment])).toEqual([
      ['raised', null, null],
      ['acknowledged', 'user@varde.test', comment],
    ]);
  });

  test('comment, shelve, unshelve and clear, each in the history with who and when, oldest first', async () => {
    const alarm = await raise();
    expect((await post(user, `/alarms/${alarm.id}/comments`, { comment: 'Tekniker på vei' })).status).toBe(201);
    const shelved = alarmRowResponse.parse((await post(user, `/alarms/${alarm.id}/shelve`, { minutes: 90, comment: 'Service i dag' })).body).data;
    const until = Date.parse(shelved.shelvedUntil!);
    expect(until - Date.now()).toBeGreaterThan(85 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(90 * 60_000);
    expect(shelved.shelvedBy).toBe('user@varde.test');
    const unshelved = alarmRowResponse.parse((await post(user, `/alarms/${alarm.id}/unshelve`)).body).data;
    expect(unshelved.shelvedUntil).toBeNull();
    const cleared = alarmRowResponse.parse((await post(user, `/alarms/${alarm.id}/clear`, { comment: 'Reparert' })).body).data;
    expect(cleared.inactive).toEqual(expect.any(String));
    // Clearing a cleared alarm changes nothing and adds nothing to its history.
    expect((await post(user, `/alarms/${alarm.id}/clear`)).status).toBe(200);

    const steps = await history(alarm.id);
    expect(steps.map((entry) => [entry.action, entry.by, entry.comment])).toEqual([
      ['raised', null, null],
      ['commented', 'user@varde.test', 'Tekniker på vei'],
      ['shelved', 'user@varde.test', 'Service i dag'],
      ['unshelved', 'user@varde.test', null],
      ['cleared', 'user@varde.test', 'Reparert'],
    ]);
    expect(steps[2]!.until).toBe(shelved.shelvedUntil);
    const times = steps.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('bulk acknowledge: every listed alarm with one comment; a foreign or unknown id acknowledges none', async () => {
    const [first, second, foreign] = [await raise(), await raise(), await raise(sites[40]!.uuid)];
    const refused = await post(user, '/alarms/acknowledge', { ids: [first.id, foreign.id], comment: 'alle' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain(foreign.id);
    expect((await history(first.id)).map((entry) => entry.action)).toEqual(['raised']);
    expect((await post(user, '/alarms/acknowledge', { ids: [first.id, 'no-such-alarm'] })).status).toBe(404);
    expect((await history(first.id)).map((entry) => entry.action)).toEqual(['raised']);

    const acked = await post(user, '/alarms/acknowledge', { ids: [first.id, second.id, first.id], comment: 'alle' });
    expect(acked.status).toBe(200);
    const rows = alarmRowsResponse.parse(acked.body).data;
    expect(rows.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(rows.every((row) => row.acknowledgedBy === 'user@varde.test' && row.ackComment === 'alle')).toBe(true);
  });

  test('state filters: unacked, acked, active, cleared, shelved', async () => {
    const [unacked, acked, cleared, shelved] = [await raise(), await raise(), await raise(), await raise()];
    await post(user, `/alarms/${acked.id}/acknowledge`);
    await post(user, `/alarms/${cleared.id}/clear`);
    await post(user, `/alarms/${shelved.id}/shelve`, { minutes: 5 });
    const ids = async (state: string) =>
      new Set(listAlarmsResponse.parse((await callAs(cloud, user, 'alarms', `/alarms?site=${site.uuid}&state=${state}`)).body).data.map((row) => row.id));
    const [unackedIds, ackedIds, activeIds, clearedIds, shelvedIds] = await Promise.all([ids('unacked'), ids('acked'), ids('active'), ids('cleared'), ids('shelved')]);
    expect([unackedIds.has(unacked.id), unackedIds.has(acked.id), unackedIds.has(cleared.id)]).toEqual([true, false, true]);
    expect([ackedIds.has(acked.id), ackedIds.has(unacked.id)]).toEqual([true, false]);
    expect([activeIds.has(unacked.id), activeIds.has(cleared.id)]).toEqual([true, false]);
    expect([clearedIds.has(cleared.id), clearedIds.has(unacked.id)]).toEqual([true, false]);
    expect([...shelvedIds]).toEqual([shelved.id]);
    expect((await callAs(cloud, user, 'alarms', '/alarms?state=sleeping')).status).toBe(400);
  });

  test('bad input answers 400 with detail, never 5xx', async () => {
    const alarm = await raise();
    const bad: [string, unknown][] = [
      [`/alarms/${alarm.id}/acknowledge`, { comment: 'x'.repeat(1001) }],
      [`/alarms/${alarm.id}/acknowledge`, { comment: 42 }],
      [`/alarms/${alarm.id}/comments`, { comment: '   ' }],
      [`/alarms/${alarm.id}/comments`, {}],
      [`/alarms/${alarm.id}/shelve`, { minutes: 0 }],
      [`/alarms/${alarm.id}/shelve`, { minutes: 8 * 24 * 60 }],
      [`/alarms/${alarm.id}/shelve`, { minutes: '5' }],
      [`/alarms/${alarm.id}/shelve`, []],
      ['/alarms/acknowledge', { ids: [] }],
      ['/alarms/acknowledge', { ids: 'all' }],
      ['/alarms/acknowledge', null],
    ];
    for (const [path, body] of bad) {
      const answer = await post(user, path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    expect((await history(alarm.id)).map((entry) => entry.action)).toEqual(['raised']);
  });

  test("another partner's user gets 403 on every action and the history, and changes nothing", async () => {
    const alarm = await raise();
    const attempts: [string, string, unknown][] = [
      ['POST', `/alarms/${alarm.id}/acknowledge`, { comment: 'taken' }],
      ['POST', `/alarms/${alarm.id}/comments`, { comment: 'taken' }],
      ['POST', `/alarms/${alarm.id}/clear`, {}],
      ['POST', `/alarms/${alarm.id}/shelve`, { minutes: 60 }],
      ['POST', `/alarms/${alarm.id}/unshelve`, {}],
      ['POST', '/alarms/acknowledge', { ids: [alarm.id] }],
      ['GET', `/alarms/${alarm.id}/history`, undefined],
    ];
    for (const [method, path, json] of attempts) {
      const answer = await callAs(cloud, partnerAdmin, 'alarms', path, { method, ...(json === undefined ? {} : { json }) });
      expect([403, 404], `${method} ${path}`).toContain(answer.status);
      expect(JSON.stringify(answer.body)).not.toContain('Tilluft');
    }
    const now = listAlarmsResponse.parse((await callAs(cloud, user, 'alarms', `/alarms?site=${site.uuid}`)).body).data.find((row) => row.id === alarm.id)!;
    expect(now).toMatchObject({ acknowledgedBy: null, inactive: null, shelvedUntil: null });
    expect((await history(alarm.id)).map((entry) => entry.action)).toEqual(['raised']);
  });
});

test("a seeded alarm (written before the history was kept) shows its steps from the row; new steps follow", async () => {
  const seeded = listAlarmsResponse
    .parse((await callAs(cloud, user, 'alarms', '/alarms?state=acked')).body)
    .data.find((row) => row.inactive !== null && row.acknowledgedBy !== null && !row.tagName.startsWith('LIFE-'))!;
  expect(seeded).toBeDefined();
  const steps = await history(seeded.id);
  expect(steps[0]).toMatchObject({ action: 'raised', at: seeded.active });
  expect(steps.map((entry) => entry.action).sort()).toEqual(['acknowledged', 'cleared', 'raised']);
  expect(steps.find((entry) => entry.action === 'acknowledged')!.by).toBe(seeded.acknowledgedBy);
  await post(user, `/alarms/${seeded.id}/comments`, { comment: 'Etterkontroll' });
  expect((await history(seeded.id)).map((entry) => entry.action)).toEqual([...steps.map((entry) => entry.action), 'commented']);
});
