import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmHistoryEntry, AlarmRow } from '@varde/core/contract';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde alarms ack|clear|shelve|unshelve|comment|history` against the in-memory cloud. */
let cloud: Cloud;
let home: VardeHome;
const sites = demoSites();
const mine = sites[4]!; // the demo user's (sites 0-9)

beforeAll(async () => {
  cloud = await startCloud();
  home = createHome(cloud.url);
  const login = await runVarde(home, ['login', '--user', demoUsers.user.email, '--password-stdin'], { stdin: `${demoUsers.user.password}\n` });
  expect(login.code, login.stderr).toBe(EXIT.ok);
}, 60_000);
afterAll(async () => {
  await cloud?.close();
});

let count = 0;
const raise = (siteUuid = mine.uuid) => cloud.context.alarms.raise({ siteUuid, alarmGroup: 'A', tagName: `CLI-${(count += 1)}`, text: 'Trykkfall' });
const json = async <T>(args: string[]): Promise<T> => {
  const result = await runVarde(home, [...args, '--json']);
  expect(result.code, result.stderr).toBe(EXIT.ok);
  return JSON.parse(result.stdout) as T;
};

describe('varde alarms lifecycle verbs', () => {
  it('ack with a comment; several ids at once; the state shows in the list', async () => {
    const one = await raise();
    const [acked] = await json<AlarmRow[]>(['alarms', 'ack', one.id, '--comment', 'Ringte driftsvakt']);
    expect(acked).toMatchObject({ id: one.id, acknowledgedBy: demoUsers.user.email, ackComment: 'Ringte driftsvakt' });

    const [a, b] = [await raise(), await raise()];
    const both = await json<AlarmRow[]>(['alarms', 'ack', a.id, b.id, '--comment', 'alle']);
    expect(both.map((row) => [row.id, row.acknowledgedBy])).toEqual([[a.id, demoUsers.user.email], [b.id, demoUsers.user.email]]);

    const listed = await runVarde(home, ['alarms', 'list', '--site', mine.uuid, '--state', 'acked']);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    expect(listed.stdout).toContain(one.id);
    expect(listed.stdout).toContain('active, acked');
    expect((await runVarde(home, ['alarms', 'list', '--state', 'sleepy'])).code).toBe(EXIT.usage);
  });

  it('clear, shelve for a duration, unshelve, comment, and the history of it all', async () => {
    const alarm = await raise();
    const [shelved] = await json<AlarmRow[]>(['alarms', 'shelve', alarm.id, '--for', '2h', '--comment', 'Service']);
    const minutes = (Date.parse(shelved!.shelvedUntil!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(115);
    expect(minutes).toBeLessThanOrEqual(120);
    expect((await runVarde(home, ['alarms', 'list', '--site', mine.uuid, '--state', 'shelved'])).stdout).toContain(alarm.id);
    await json(['alarms', 'unshelve', alarm.id]);
    await json(['alarms', 'comment', alarm.id, 'Byttet føler']);
    const [cleared] = await json<AlarmRow[]>(['alarms', 'clear', alarm.id, '--comment', 'Ok igjen']);
    expect(cleared!.inactive).toEqual(expect.any(String));

    // The demo's escalation policy tells someone at once: its `escalated` lines are issue 35's, not these verbs'.
    const history = (await json<AlarmHistoryEntry[]>(['alarms', 'history', alarm.id])).filter((entry) => entry.action !== 'escalated');
    expect(history.map((entry) => [entry.action, entry.by, entry.comment])).toEqual([
      ['raised', null, null],
      ['shelved', demoUsers.user.email, 'Service'],
      ['unshelved', demoUsers.user.email, null],
      ['commented', demoUsers.user.email, 'Byttet føler'],
      ['cleared', demoUsers.user.email, 'Ok igjen'],
    ]);
    // Piped: one step per line, tab-separated, the site itself named for what it did.
    const tsv = await runVarde(home, ['alarms', 'history', alarm.id]);
    const lines = tsv.stdout.trim().split('\n').map((line) => line.split('\t')).filter((line) => line[1] !== 'escalated');
    expect(lines.map((line) => [line[1], line[2]])).toEqual([
      ['raised', 'site'],
      ['shelved', demoUsers.user.email],
      ['unshelved', demoUsers.user.email],
      ['commented', demoUsers.user.email],
      ['cleared', demoUsers.user.email],
    ]);
  });

  it('bad durations are usage errors; unknown and foreign alarms are refused, and nothing changes', async () => {
    const alarm = await raise();
    for (const bad of ['0', '8d', 'soon', '-5m']) {
      expect((await runVarde(home, ['alarms', 'shelve', alarm.id, '--for', bad])).code, bad).toBe(EXIT.usage);
    }
    expect((await runVarde(home, ['alarms', 'shelve', alarm.id])).code).toBe(EXIT.usage);
    expect((await runVarde(home, ['alarms', 'ack', 'no-such-alarm'])).code).toBe(EXIT.notFound);
    const foreign = await raise(sites[40]!.uuid);
    for (const args of [['ack', foreign.id], ['ack', alarm.id, foreign.id], ['clear', foreign.id], ['shelve', foreign.id, '--for', '1h'], ['history', foreign.id]]) {
      const result = await runVarde(home, ['alarms', ...args]);
      expect(result.code, args.join(' ')).toBe(EXIT.forbidden);
    }
    const actions = async (id: string) => (await cloud.context.alarms.history(id)).map((entry) => entry.action).filter((action) => action !== 'escalated');
    expect(await actions(alarm.id)).toEqual(['raised']);
    expect(await actions(foreign.id)).toEqual(['raised']);
  });
});
