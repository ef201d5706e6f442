import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type AccessTokens, type AuditRecord } from '@varde/core/contract';
import { recordAudit, systemOrigin } from '../src/audit/recordAudit.js';
import { parseCloudArgs } from '../src/cliArgs.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { inTransaction } from '../src/storage/transaction.js';
import { call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// The audit log (issue 36) over HTTP, on the suite's engine (SQLite, and PostgreSQL in its pass): each
// change has its record, written with it; a refused or failed write has none; partners read only theirs;
// no route changes a record; retention removes old ones when the leader's clean-up is due (test clock).
let cloud: Cloud;
let sysadmin: AccessTokens;
let admin: AccessTokens;
let nordbygg: AccessTokens;
const AGENT = 'audit-test/1.0 (a user agent the records must carry)';
const site = demoSites()[0]!.uuid;

const as = (tokens: AccessTokens, service: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  call(cloud, path, { ...init, headers: { authorization: `Bearer ${tokens[serviceHostName(service as never, 'localhost')]!}`, 'user-agent': AGENT } });
const records = async (tokens: AccessTokens, query = ''): Promise<AuditRecord[]> => {
  const answer = await as(tokens, 'audit', `/cloud/audit/records${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.records;
};
const login = (email: string, password: string) =>
  call(cloud, '/cloud/auth/login', { json: { piscadaId: email, password }, headers: { 'user-agent': AGENT } });

beforeAll(async () => {
  cloud = await startCloud({ testClock: true, clock: manualClock(Date.parse('2026-06-01T08:00:00Z')), auditRetentionDays: 30 });
  sysadmin = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
  admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
  nordbygg = (await signIn(cloud, 'admin@nordbygg.test', 'demo1234')).accessTokens;
});
afterAll(() => cloud.close());

describe('the audit log', () => {
  it('records a change with who, from where and what, and never the password', async () => {
    const created = await as(admin, 'users', '/cloud/users/users', {
      method: 'POST', json: { username: 'audit.one@fjordvarme.test', name: 'Audit One', role: 'User', password: 'secret-pass-1' },
    });
    expect(created.status).toBe(201);
    const [record] = await records(admin, `?objectId=${created.body.uid}`);
    expect(record).toMatchObject({
      action: 'user.create',
      objectKind: 'user',
      objectId: created.body.uid,
      actor: { kind: 'person', id: demoUid('admin'), tokenId: null },
      address: '127.0.0.1',
      userAgent: AGENT,
      partnerId: 'fjordvarme',
    });
    expect(record!.summary).toContain('audit.one@fjordvarme.test');
    expect(record!.at).toBe(cloud.context.clock.now());
    expect(JSON.stringify(await records(sysadmin, '?limit=500'))).not.toContain('secret-pass-1');
  });

  it('records sign-ins, refused sign-ins (naming no unknown name) and sign-outs', async () => {
    expect((await login('power@varde.test', 'wrong-password-xyz')).status).toBe(401);
    expect((await login('not-a-user-password-typed-here', 'demo1234')).status).toBe(401);
    const signedIn = await login('power@varde.test', 'demo1234');
    expect(signedIn.status).toBe(200);
    const logout = await call(cloud, '/cloud/auth/session/logout', {
      method: 'POST', headers: { authorization: `Bearer ${signedIn.body.accessTokens[serviceHostName('auth', 'localhost')]}`, 'user-agent': AGENT },
    });
    expect(logout.status).toBe(200);
    const power = await records(admin, `?userId=${demoUid('powerUser')}`);
    expect(power.slice(0, 3).map((record) => record.action)).toEqual(['session.sign-out', 'session.sign-in', 'session.sign-in-failed']);
    expect(power[2]!.summary).toContain('power@varde.test');
    const all = JSON.stringify(await records(sysadmin, '?action=session.sign-in-failed'));
    expect(all).not.toContain('wrong-password-xyz');
    expect(all).not.toContain('not-a-user-password-typed-here');
  });

  it('writes no record for a refused or failed write, and exactly one for each that succeeds', async () => {
    const before = (await records(sysadmin, '?action=user.create&limit=500')).length;
    // Five at once: the users service commits them in one batch; the duplicate fails alone.
    const bodies = ['a', 'b', 'c', 'a', 'd'].map((tag) => ({ username: `batch.${tag}@fjordvarme.test`, name: `Batch ${tag}`, role: 'User', password: 'batch-pass-1' }));
    const answers = await Promise.all(bodies.map((json) => as(admin, 'users', '/cloud/users/users', { method: 'POST', json })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 409]);
    const made = await records(sysadmin, '?action=user.create&limit=500');
    expect(made.length - before).toBe(4);
    expect(made.slice(0, 4).map((record) => record.objectId).sort()).toEqual(answers.filter((a) => a.status === 201).map((a) => a.body.uid).sort());
    // Refused before any write: a role above the caller's, another partner's user.
    expect((await as(admin, 'users', `/cloud/users/users/${demoUid('partnerUser')}`, { method: 'PATCH', json: { name: 'Taken' } })).status).toBeGreaterThanOrEqual(400);
    expect(await records(sysadmin, `?objectId=${demoUid('partnerUser')}`)).toEqual([]);
    // A personal access token with a name taken: 409, and only the first has a record.
    expect((await as(admin, 'auth', '/cloud/auth/tokens', { method: 'POST', json: { name: 'twice' } })).status).toBe(201);
    expect((await as(admin, 'auth', '/cloud/auth/tokens', { method: 'POST', json: { name: 'twice' } })).status).toBe(409);
    expect((await records(admin, '?action=token.create')).filter((record) => record.summary.includes('"twice"'))).toHaveLength(1);
  });

  it('rolls a record back with the transaction it was written in', async () => {
    const failing = inTransaction(cloud.context.db, async (tx) => {
      await recordAudit(tx, { partnerId: null, ...systemOrigin, action: 'test.rollback', objectKind: 'test', objectId: 'rolled-back', summary: 'never seen' });
      throw new Error('the change fails after its record');
    });
    await expect(failing).rejects.toThrow('the change fails');
    expect(await records(sysadmin, '?objectId=rolled-back')).toEqual([]);
    await inTransaction(cloud.context.db, (tx) =>
      recordAudit(tx, { partnerId: null, ...systemOrigin, action: 'test.commit', objectKind: 'test', objectId: 'committed', summary: 'seen' }));
    expect(await records(sysadmin, '?objectId=committed')).toHaveLength(1);
  });

  it('names the token a change was made with, and records tokens made and revoked', async () => {
    const made = await as(admin, 'auth', '/cloud/auth/tokens', { method: 'POST', json: { name: 'audit job' } });
    expect(made.status).toBe(201);
    const pat = made.body.token as string;
    const renamed = await call(cloud, `/cloud/users/users/${demoUid('user')}`, { method: 'PATCH', json: { name: 'Ulla Via Token' }, headers: { authorization: `Bearer ${pat}` } });
    expect(renamed.status).toBe(200);
    const [update] = await records(admin, `?objectId=${demoUid('user')}&action=user.update`);
    expect(update!.actor).toEqual({ kind: 'person', id: demoUid('admin'), tokenId: made.body.id, email: 'admin@varde.test' });
    expect(update!.summary).toContain('name');
    expect((await as(admin, 'auth', `/cloud/auth/tokens/${made.body.id}`, { method: 'DELETE' })).status).toBe(204);
    const tokenRecords = await records(admin, `?objectKind=token&objectId=${made.body.id}`);
    expect(tokenRecords.map((record) => record.action)).toEqual(['token.revoke', 'token.create']);
    expect(JSON.stringify(tokenRecords)).not.toContain(pat);
  });

  it('records acknowledge, shelve and clear of an alarm, which the alarm details name', async () => {
    const raised = await as(sysadmin, 'alarms', '/cloud/alarms/simulation/alarms', { method: 'POST', json: { siteUuid: site, alarmGroup: 'B', tagName: 'AUDIT-1', text: 'Audit' } });
    expect(raised.status).toBe(201);
    const id = raised.body.data.id as string;
    const power = (await signIn(cloud, 'power@varde.test', 'demo1234')).accessTokens;
    expect((await as(power, 'alarms', `/cloud/alarms/alarms/${id}/acknowledge`, { method: 'POST', json: {} })).status).toBe(200);
    expect((await as(power, 'alarms', `/cloud/alarms/alarms/${id}/shelve`, { method: 'POST', json: { minutes: 30 } })).status).toBe(200);
    expect((await as(admin, 'alarms', `/cloud/alarms/alarms/${id}/clear`, { method: 'POST', json: {} })).status).toBe(200);
    const steps = await records(admin, `?objectKind=alarm&objectId=${id}`);
    expect(steps.map((record) => [record.action, record.actor.id])).toEqual([
      ['alarm.clear', demoUid('admin')], ['alarm.shelve', demoUid('powerUser')], ['alarm.acknowledge', demoUid('powerUser')],
    ]);
    const details = await as(admin, 'alarms', `/cloud/alarms/alarms/${id}/audit`);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({
      acknowledged: { by: 'power@varde.test', uid: demoUid('powerUser') },
      shelved: { by: 'power@varde.test' },
      cleared: { by: 'admin@varde.test' },
    });
  });

  it('lets a partner admin read only their partner, a system admin everything, and refuses anyone else', async () => {
    const mine = await records(admin, '?limit=500');
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((record) => record.partnerId))).toEqual(new Set(['fjordvarme']));
    const theirs = await records(nordbygg, '?limit=500');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((record) => record.partnerId !== theirs[0]!.partnerId || record.partnerId === 'fjordvarme' || JSON.stringify(record).includes('fjordvarme.test'))).toEqual([]);
    expect((await records(nordbygg, `?objectId=${mine[0]!.objectId}`))).toEqual([]);
    const everyone = await records(sysadmin, '?limit=500');
    expect(new Set(everyone.map((record) => record.partnerId)).size).toBeGreaterThan(1);
    const user = (await signIn(cloud, 'user@varde.test', 'demo1234')).accessTokens;
    const refused = await as(user, 'audit', '/cloud/audit/records');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/admin/);
  });

  it('pages newest first with a cursor, filters by time, and answers bad queries with 400', async () => {
    const first = await as(sysadmin, 'audit', '/cloud/audit/records?limit=2');
    const second = await as(sysadmin, 'audit', `/cloud/audit/records?limit=2&cursor=${first.body.nextCursor}`);
    const both = await records(sysadmin, '?limit=4');
    expect([...first.body.records, ...second.body.records]).toEqual(both);
    const times = both.map((record) => record.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const now = cloud.context.clock.now();
    expect(await records(sysadmin, `?since=${now + 1}`)).toEqual([]);
    expect((await records(sysadmin, `?until=${new Date(now + 1).toISOString()}&limit=1`))).toHaveLength(1);
    for (const query of ['?limit=0', '?limit=501', '?since=yesterday', '?actorKind=robot', '?cursor=bm90LWEtY3Vyc29y']) {
      const bad = await as(sysadmin, 'audit', `/cloud/audit/records${query}`);
      expect(bad.status, query).toBe(400);
      expect(typeof bad.body.detail).toBe('string');
    }
  });

  it('has no route that edits or deletes a record', async () => {
    const auditRoutes = cloud.context.routes.filter((route) => route.url.startsWith('/cloud/audit'));
    expect(auditRoutes.map((route) => route.method).filter((method) => method !== 'HEAD')).toEqual(['GET']);
    const [one] = await records(sysadmin, '?limit=1');
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
      const answer = await as(sysadmin, 'audit', `/cloud/audit/records/${one!.id}`, { method, json: {} });
      expect(answer.status, method).toBe(404);
    }
    expect(await records(sysadmin, `?limit=1`)).toEqual([one]);
  });

  it('deletes records older than --audit-retention-days when the clean-up is due, on the test clock', async () => {
    expect(parseCloudArgs(['--audit-retention-days', '90', '--memory'], {}, '/')).toMatchObject({ kind: 'run', options: { auditRetentionDays: 90 } });
    for (const bad of ['0', '-1', 'ten', '1.5']) expect(parseCloudArgs(['--audit-retention-days', bad], {}, '/').kind, bad).toBe('error');
    const old = await records(sysadmin, '?limit=500');
    expect(old.length).toBeGreaterThan(5);
    // Each move signs in anew: a week on, the tokens of before have expired.
    const advanceDays = async (days: number) => {
      sysadmin = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
      const moved = await as(sysadmin, 'alarms', '/cloud/alarms/test-clock/advance', { method: 'POST', json: { minutes: days * 1440 } });
      expect(moved.status).toBe(200);
      sysadmin = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
    };
    // 29 days on: nothing is old enough yet.
    for (const days of [7, 7, 7, 7, 1]) await advanceDays(days);
    expect((await records(sysadmin, '?limit=500')).map((record) => record.id)).toEqual(expect.arrayContaining(old.map((record) => record.id)));
    admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
    const fresh = await as(admin, 'users', `/cloud/users/users/${demoUid('guest')}`, { method: 'PATCH', json: { name: 'Gunnar Fresh' } });
    expect(fresh.status).toBe(200);
    // Two days more: the first records are 31 days old and go; the fresh one stays.
    await advanceDays(2);
    const left = await records(sysadmin, '?limit=500');
    expect(left.map((record) => record.id)).not.toContain(old[old.length - 1]!.id);
    expect(left.some((record) => record.objectId === demoUid('guest') && record.action === 'user.update')).toBe(true);
    expect(left.every((record) => record.at >= cloud.context.clock.now() - 30 * 86_400_000)).toBe(true);
  });
});
