import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { DEMO_SCHEDULE_NAME } from '../../server/src/seed/demoOnCall.js';
import { DEMO_POLICY_NAME } from '../../server/src/seed/demoEscalations.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde oncall who`, `varde schedules list`, `varde escalations list|delete` against the demo cloud (issue 35). */
let cloud: Cloud;
let home: VardeHome;
const site = demoSites()[0]!.uuid;

beforeAll(async () => {
  cloud = await startCloud();
  home = createHome(cloud.url);
  const login = await runVarde(home, ['login', '--user', demoUsers.admin.email, '--password-stdin'], { stdin: `${demoUsers.admin.password}\n` });
  expect(login.code, login.stderr).toBe(EXIT.ok);
}, 60_000);
afterAll(async () => {
  await cloud?.close();
});

describe('varde oncall who', () => {
  it("names the on-call person's e-mail for a site and a time, and for each schedule without a site", async () => {
    // Monday 30 Mar 2026 08:00 Oslo summer time: user@'s week begins.
    const atSite = await runVarde(home, ['oncall', 'who', '--site', site, '--at', '2026-03-30T08:00:00+02:00', '--json']);
    expect(atSite.code, atSite.stderr).toBe(EXIT.ok);
    expect(JSON.parse(atSite.stdout)).toMatchObject({ site, data: [{ schedule: { name: DEMO_SCHEDULE_NAME }, user: 'user@varde.test', from: '2026-03-30T06:00:00.000Z' }] });
    const before = await runVarde(home, ['oncall', 'who', '--site', site, '--at', '2026-03-30T07:59:59+02:00', '--json']);
    expect(JSON.parse(before.stdout).data[0].user).toBe('power@varde.test');

    const all = await runVarde(home, ['oncall', 'who', '--at', '2026-03-30T08:00:00+02:00', '--json']);
    expect(JSON.parse(all.stdout).data).toEqual([expect.objectContaining({ schedule: expect.objectContaining({ name: DEMO_SCHEDULE_NAME }), user: 'user@varde.test' })]);

    const table = await runVarde(home, ['oncall', 'who', '--site', site, '--at', '2026-03-30T08:00:00+02:00']);
    expect(table.stdout).toContain(`${DEMO_SCHEDULE_NAME}\tuser@varde.test\tlayer`);
  });

  it('refuses a time without an offset (usage) and a site of another partner (the cloud refuses)', async () => {
    const bad = await runVarde(home, ['oncall', 'who', '--site', site, '--at', '2026-03-30T08:00']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toContain('--at');
    const theirs = await runVarde(home, ['oncall', 'who', '--site', demoSites().at(-1)!.uuid]);
    expect(theirs.code).not.toBe(EXIT.ok);
    expect(theirs.stderr).toMatch(/access/i);
  });
});

describe('varde schedules list and varde escalations list|delete', () => {
  it('list the demo schedule and policy (with the bound sites) and delete the policy', async () => {
    const schedules = JSON.parse((await runVarde(home, ['schedules', 'list', '--json'])).stdout);
    expect(schedules).toMatchObject([{ name: DEMO_SCHEDULE_NAME, timeZone: 'Europe/Oslo', layers: [{ users: ['user@varde.test', 'power@varde.test'], rotation: 'weekly' }] }]);
    const policies = JSON.parse((await runVarde(home, ['escalations', 'list', '--json'])).stdout);
    expect(policies).toMatchObject([{ name: DEMO_POLICY_NAME, priorities: ['A'], sites: null }]);
    const deleted = await runVarde(home, ['escalations', 'delete', policies[0].id]);
    expect(deleted.code, deleted.stderr).toBe(EXIT.ok);
    expect(JSON.parse((await runVarde(home, ['escalations', 'list', '--json'])).stdout)).toEqual([]);
    const again = await runVarde(home, ['escalations', 'delete', policies[0].id]);
    expect(again.code).toBe(EXIT.notFound);
  });
});
