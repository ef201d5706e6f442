import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type AccessTokens } from '@varde/core/contract';
import { parseCloudArgs } from '../src/cliArgs.js';
import { demoSites } from '../src/seed/demoSites.js';
import { call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { newPostgresDatabase, startCloud, type Cloud } from './helpers/startCloud.js';

// `varde-cloud --test-clock` over HTTP only, as checks from outside would drive it: a system admin raises
// a class A alarm at 02:00 Oslo time and moves the clock; the demo policy's steps go out as the clock
// passes them, and the first recipient's link stops the rest. The base clock stands still, so only the
// route moves time.
let cloud: Cloud;
let sysadmin: AccessTokens;
const site = demoSites()[0]!;
const alarms = (tokens: AccessTokens, path: string, json?: unknown) =>
  call(cloud, `/cloud/alarms${path}`, { ...(json === undefined ? {} : { json }), headers: { authorization: `Bearer ${tokens[serviceHostName('alarms', 'localhost')]!}` } });
const advance = (minutes: unknown) => alarms(sysadmin, '/test-clock/advance', { minutes });
const mailsAbout = async (tag: string) =>
  ((await call(cloud, '/cloud/outbox/messages')).body.data as Array<{ to: string; body: string }>).filter((message) => message.body.includes(tag)).reverse();

beforeAll(async () => {
  cloud = await startCloud({ testClock: true, clock: manualClock(Date.parse('2026-03-25T01:00:00Z')) });
  sysadmin = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
});
afterAll(() => cloud.close());

describe('--test-clock', () => {
  it('is a flag of varde-cloud', () => {
    expect(parseCloudArgs(['--test-clock', '--memory'], {}, '/')).toMatchObject({ kind: 'run', options: { testClock: true } });
  });

  it('moves the clock for a system admin, runs what became due, and refuses others and bad input', async () => {
    const raised = await alarms(sysadmin, '/simulation/alarms', { siteUuid: site.uuid, alarmGroup: 'A', tagName: 'CLOCK-1', text: 'Natt' });
    expect(raised.status).toBe(201);
    const moved = await advance(1);
    expect(moved).toMatchObject({ status: 200, body: { now: '2026-03-25T01:01:00.000Z' } });
    expect((await mailsAbout('CLOCK-1')).map((mail) => mail.to)).toEqual(['power@varde.test']);

    expect((await advance(4)).status).toBe(200);
    expect((await mailsAbout('CLOCK-1')).map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);

    const link = /http:\/\/localhost:\d+\/a\/[A-Za-z0-9_-]{43}/.exec((await mailsAbout('CLOCK-1'))[0]!.body)![0];
    expect(link.startsWith(`${cloud.url}/a/`)).toBe(true);
    const acknowledged = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(acknowledged.status).toBe(200);
    expect((await advance(20)).status).toBe(200);
    expect((await mailsAbout('CLOCK-1')).map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);
    expect((await alarms(sysadmin, `/alarms/${raised.body.data.id}/history`)).body.data.map((entry: { action: string; by: string | null }) => [entry.action, entry.by]))
      .toContainEqual(['acknowledged', 'power@varde.test']);

    const admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
    const refused = await alarms(admin, '/test-clock/advance', { minutes: 1 });
    expect(refused.status).toBe(403);
    // Reading the time is a system admin's too.
    expect((await alarms(admin, '/test-clock')).status).toBe(403);
    expect((await alarms(sysadmin, '/test-clock')).body.now).toBe('2026-03-25T01:25:00.000Z');
    for (const minutes of [0, -5, 1.5, 'ten', 10_081]) {
      const bad = await advance(minutes);
      expect(bad.status, String(minutes)).toBe(400);
      expect(bad.body.detail).toMatch(/^minutes: /);
    }
  });

  it('keeps a move in the database: GET answers the moved time, also after the cloud starts again on it', async () => {
    const postgres = await newPostgresDatabase();
    const folder = mkdtempSync(join(tmpdir(), 'varde-test-clock-'));
    const storage = postgres?.storage ?? { kind: 'directory' as const, dir: folder };
    const base = manualClock(Date.parse('2026-10-25T00:30:00Z'));
    const timeOf = async (running: Cloud) => {
      const tokens = (await signIn(running, 'sysadmin@varde.test', 'demo1234')).accessTokens;
      const headers = { authorization: `Bearer ${tokens[serviceHostName('alarms', 'localhost')]!}` };
      return { headers, now: (await call(running, '/cloud/alarms/test-clock', { headers })).body.now as string };
    };
    try {
      const first = await startCloud({ storage, testClock: true, clock: base });
      try {
        const { headers, now } = await timeOf(first);
        expect(now).toBe('2026-10-25T00:30:00.000Z');
        expect((await call(first, '/cloud/alarms/test-clock/advance', { headers, json: { minutes: 90 } })).body.now).toBe('2026-10-25T02:00:00.000Z');
      } finally {
        await first.close();
      }
      const again = await startCloud({ storage, testClock: true, clock: base, seed: 'none' });
      try {
        expect((await timeOf(again)).now).toBe('2026-10-25T02:00:00.000Z');
      } finally {
        await again.close();
      }
    } finally {
      await postgres?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('does not exist without the flag (404)', async () => {
    const plain = await startCloud();
    try {
      const token = (await signIn(plain, 'sysadmin@varde.test', 'demo1234')).accessTokens;
      const answer = await call(plain, '/cloud/alarms/test-clock/advance', { json: { minutes: 1 }, headers: { authorization: `Bearer ${token[serviceHostName('alarms', 'localhost')]!}` } });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
