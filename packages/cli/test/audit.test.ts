import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoUid } from '../../server/src/seed/demoSeed.js';
import { parseAuditTime } from '../src/commands/audit.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde audit list` (issue 36) against a real cloud: the changes made here come back as records. */
let cloud: Cloud;
let admin: VardeHome;

async function signedIn(user: { email: string; password: string }): Promise<VardeHome> {
  const home = createHome(cloud.url);
  const result = await runVarde(home, ['login', '--user', user.email, '--password-stdin'], { stdin: `${user.password}\n` });
  expect(result.code, result.stderr).toBe(EXIT.ok);
  return home;
}

async function varde(home: VardeHome, args: string[]) {
  const result = await runVarde(home, args);
  return { ...result, json: () => JSON.parse(result.stdout) };
}

beforeAll(async () => {
  cloud = await startCloud();
  admin = await signedIn(demoUsers.admin);
}, 60_000);
afterAll(() => cloud?.close());

describe('varde audit list', () => {
  it('lists the changes of the last days by user, kind and object, newest first, as JSON, a table and CSV', async () => {
    const renamed = await runVarde(admin, ['api', 'users', `/users/${demoUid('guest')}`, '-X', 'PATCH', '--input', '-'], { stdin: JSON.stringify({ name: 'Gunnar CLI' }) });
    expect(renamed.code, renamed.stderr).toBe(EXIT.ok);
    const made = await varde(admin, ['tokens', 'create', '--name', 'audit-cli', '--json']);
    expect(made.code, made.stderr).toBe(EXIT.ok);

    const byGuest = await varde(admin, ['audit', 'list', '--since', '7d', '--user', demoUsers.guest.email, '--kind', 'user', '--json']);
    expect(byGuest.code, byGuest.stderr).toBe(EXIT.ok);
    const records = byGuest.json();
    expect(records[0]).toMatchObject({ action: 'user.update', objectKind: 'user', objectId: demoUid('guest'), actor: { kind: 'person', id: demoUid('admin') } });

    const token = await varde(admin, ['audit', 'list', '--kind', 'token', '--object', made.json().id, '--json']);
    expect(token.json().map((record: { action: string }) => record.action)).toEqual(['token.create']);
    expect(token.stdout).not.toContain(made.json().token);

    const all = await varde(admin, ['audit', 'list', '--json']);
    const times = all.json().map((record: { at: number }) => record.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.json().map((record: { action: string }) => record.action)).toContain('session.sign-in');

    const table = await varde(admin, ['audit', 'list', '--kind', 'token']);
    expect(table.code).toBe(EXIT.ok);
    expect(table.stdout).toContain('token.create');
    const csv = await varde(admin, ['audit', 'list', '--kind', 'token', '--csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('at,partnerId,actorKind,actorId,actorEmail,tokenId,address,userAgent,action,objectKind,objectId,summary');
    expect(csv.stdout).toContain('token.create');

    const future = await varde(admin, ['audit', 'list', '--since', new Date(Date.now() + 3_600_000).toISOString(), '--json']);
    expect(future.json()).toEqual([]);
  });

  it('refuses a user who is no admin (403) and bad options before sending anything (exit 2)', async () => {
    const user = await signedIn(demoUsers.user);
    const refused = await varde(user, ['audit', 'list']);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toMatch(/admin/);
    for (const args of [['--since', 'yesterday'], ['--until', '7 weeks'], ['--actor-kind', 'robot'], ['--limit', '0'], ['--csv', '--json']]) {
      const bad = await varde(admin, ['audit', 'list', ...args]);
      expect(bad.code, args.join(' ')).toBe(EXIT.usage);
    }
  });

  it('reads 7d, 12h and 30m back from now, and ISO times as given', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(parseAuditTime('7d', '--since', now)).toBe(Date.parse('2026-11-21T12:00:00Z'));
    expect(parseAuditTime('12h', '--since', now)).toBe(Date.parse('2026-11-28T00:00:00Z'));
    expect(parseAuditTime('30m', '--since', now)).toBe(Date.parse('2026-11-28T11:30:00Z'));
    expect(parseAuditTime('2026-11-01T08:00:00Z', '--since', now)).toBe(Date.parse('2026-11-01T08:00:00Z'));
  });
});
