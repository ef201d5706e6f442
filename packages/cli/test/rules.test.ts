import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoUid } from '../../server/src/seed/demoSeed.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde rules list|apply|test|delete` against the in-memory cloud, as the Fjordvarme admin. */
let cloud: Cloud;
let home: VardeHome;
const sites = demoSites();
const site = sites[14]!; // admin, power user and the SMS user have it; no seeded rules
const files = mkdtempSync(join(tmpdir(), 'varde-rules-'));

function file(name: string, text: string): string {
  const path = join(files, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(async () => {
  cloud = await startCloud();
  home = createHome(cloud.url);
  const login = await runVarde(home, ['login', '--user', demoUsers.admin.email, '--password-stdin'], { stdin: `${demoUsers.admin.password}\n` });
  expect(login.code, login.stderr).toBe(EXIT.ok);
}, 60_000);
afterAll(async () => {
  await cloud?.close();
});

const yamlRules = `
sites:
  "${site.name.toUpperCase()}":
    - name: Vakttelefon natt
      channels: [sms, mail]
      threshold: 20
      users: [sms@varde.test]
    - ruleId: ${site.uuid.slice(0, 8)}-rule-power1
      channeltype: [mail]
      threshold: "45"
      users: [power@varde.test, ${demoUid('admin')}]
`;

describe('varde rules apply', () => {
  it('--dry-run prints the difference and changes nothing; apply writes; applying again changes nothing', async () => {
    const path = file('rules.yaml', yamlRules);
    const dry = await runVarde(home, ['rules', 'apply', path, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(EXIT.ok);
    expect(dry.stdout).toContain(`${site.name} (${site.uuid}):`);
    expect(dry.stdout).toMatch(new RegExp(`\\+ "Vakttelefon natt"  ${site.uuid.slice(0, 8)}-rule-[a-z0-9]{6}  20 min  sms,mail  sms@varde.test`));
    expect(dry.stdout).toContain(`+ ${site.uuid.slice(0, 8)}-rule-power1  45 min  mail  power@varde.test, admin@varde.test`);
    expect(dry.stderr).toContain('Would change 1 site(s); 0 unchanged.');
    expect(await cloud.context.rules.store.rulesOf(site.uuid)).toEqual({});

    const applied = await runVarde(home, ['rules', 'apply', path]);
    expect(applied.code, applied.stderr).toBe(EXIT.ok);
    const stored = await cloud.context.rules.store.rulesOf(site.uuid);
    // A rule without a name in the file is named from what it does, in the admin's language (Norwegian).
    expect(Object.values(stored).map((rule) => [rule.name, rule.threshold, rule.users])).toEqual([
      ['Vakttelefon natt', 20, [demoUid('sms')]],
      ['E-post etter 45 min', 45, [demoUid('powerUser'), demoUid('admin')]],
    ]);

    const again = await runVarde(home, ['rules', 'apply', path, '--json']);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: 0, unchanged: 1 });
    expect(await cloud.context.rules.store.rulesOf(site.uuid)).toEqual(stored);

    // A changed threshold shows as ~ in a dry run.
    const changed = await runVarde(home, ['rules', 'apply', file('changed.yaml', yamlRules.replace('"45"', '60')), '--dry-run']);
    expect(changed.stdout).toContain(`~ "E-post etter 45 min"  ${site.uuid.slice(0, 8)}-rule-power1  45 min`);
    expect(changed.stdout).toContain('-> ' + `${site.uuid.slice(0, 8)}-rule-power1  60 min`);
    // A new name alone is a change too, and keeps the rule's id.
    const renamed = await runVarde(home, ['rules', 'apply', file('renamed.yaml', yamlRules.replace('Vakttelefon natt', 'Vakttelefon helg')), '--dry-run']);
    expect(renamed.stdout).toMatch(/~ "Vakttelefon natt"  (\S+)  20 min.*\n    -> "Vakttelefon helg"  \1  20 min/);
  });

  it('refuses a file with bad rules, listing every problem, and writes nothing', async () => {
    const before = await cloud.context.rules.store.rulesOf(site.uuid);
    const bad = file(
      'bad.json',
      JSON.stringify({
        sites: {
          [site.uuid]: [
            { channels: ['sms'], threshold: 3, users: ['sms@varde.test'] },
            { channels: ['sms'], threshold: 121, users: ['sms@varde.test'] },
            { channels: ['sms'], threshold: 'abc', users: ['sms@varde.test'] },
            { channels: [], threshold: 20, users: ['sms@varde.test'] },
            { channels: ['mail'], threshold: 20, users: [] },
            { channels: ['mail'], threshold: 20, users: ['nobody@varde.test'] },
          ],
          'No Such Site': [],
        },
      }),
    );
    const result = await runVarde(home, ['rules', 'apply', bad]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('nothing was changed');
    expect(result.stderr).toMatch(/\[0\]\.threshold: Threshold must be/);
    expect(result.stderr).toMatch(/\[1\]\.threshold: Threshold must be/);
    expect(result.stderr).toMatch(/\[2\]\.threshold: Threshold must be/);
    expect(result.stderr).toContain('[3].channeltype: Velg minst en verdi');
    expect(result.stderr).toContain('[4].users: You must select at least one user');
    expect(result.stderr).toContain('[5].users: Unknown user nobody@varde.test');
    expect(result.stderr).toContain('sites.No Such Site: no site "No Such Site" among your sites');
    expect(await cloud.context.rules.store.rulesOf(site.uuid)).toEqual(before);
  });

  it('reports bad names with the line of their rule, together with every other problem', async () => {
    const before = await cloud.context.rules.store.rulesOf(site.uuid);
    const bad = file(
      'bad-names.yaml',
      [
        'sites:',
        `  ${site.uuid}:`,
        '    - name: ""',
        '      channels: [mail]',
        '      threshold: 20',
        '      users: [sms@varde.test]',
        `    - name: ${'x'.repeat(81)}`,
        '      channels: [mail]',
        '      threshold: 3',
        '      users: [sms@varde.test]',
        '    - name: "Vakt\\nBcc: x@example.com"',
        '      channels: [mail]',
        '      threshold: 20',
        '      users: [sms@varde.test]',
      ].join('\n'),
    );
    const result = await runVarde(home, ['rules', 'apply', bad]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain(`line 3: sites.${site.uuid}[0].name: The rule name must be 1-80 characters, on one line`);
    expect(result.stderr).toContain(`line 7: sites.${site.uuid}[1].name: The rule name must be 1-80 characters`);
    expect(result.stderr).toMatch(new RegExp(`line 7: sites.${site.uuid}\\[1\\]\\.threshold: Threshold must be`));
    expect(result.stderr).toContain(`line 11: sites.${site.uuid}[2].name: The rule name must be`);
    expect(await cloud.context.rules.store.rulesOf(site.uuid)).toEqual(before);
  });
});

describe('varde rules list, test and delete', () => {
  it('lists the rules with users by e-mail; --json is a file apply reads back unchanged', async () => {
    const listed = await runVarde(home, ['rules', 'list', '--site', site.uuid]);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    const lines = listed.stdout.trim().split('\n').map((line) => line.split('\t'));
    expect(lines.map((cells) => [cells[0], cells[1], cells[3], cells[4], cells[5]])).toEqual([
      [site.name, 'Vakttelefon natt', '20', 'sms,mail', 'sms@varde.test'],
      [site.name, 'E-post etter 45 min', '45', 'mail', 'power@varde.test,admin@varde.test'],
    ]);
    const all = await runVarde(home, ['rules', 'list', '--json']);
    const exported = JSON.parse(all.stdout) as { sites: Record<string, unknown[]> };
    expect(Object.keys(exported.sites)).toEqual(expect.arrayContaining([sites[0]!.uuid, sites[10]!.uuid, site.uuid]));
    const roundTrip = await runVarde(home, ['rules', 'apply', file('export.json', all.stdout), '--json']);
    expect(roundTrip.code, roundTrip.stderr).toBe(EXIT.ok);
    expect(JSON.parse(roundTrip.stdout)).toMatchObject({ changed: 0 });
  });

  it('tests a rule: per user and channel what was sent (messages in the outbox); an e-mail-only rule needs no phone', async () => {
    const [ruleId] = Object.keys(await cloud.context.rules.store.rulesOf(site.uuid));
    const since = Date.now() - 1;
    const ok = await runVarde(home, ['rules', 'test', site.name, ruleId!]);
    expect(ok.code, ok.stderr).toBe(EXIT.ok);
    expect(ok.stdout).toBe('sms@varde.test\tsms\tsent to +4791234567\nsms@varde.test\te-mail\tsent to sms@varde.test\n');
    expect(ok.stderr).toContain('Sent 2 test message(s); skipped 0.');
    expect(await cloud.context.outbox.list({ since, to: '+4791234567' })).toHaveLength(1);

    // Mail only, to the power user and the admin (who has no phone): sent, not a failure.
    const mailOnly = await runVarde(home, ['rules', 'test', site.uuid, `${site.uuid.slice(0, 8)}-rule-power1`]);
    expect(mailOnly.code, mailOnly.stderr).toBe(EXIT.ok);
    expect(mailOnly.stdout).toBe('power@varde.test\te-mail\tsent to power@varde.test\nadmin@varde.test\te-mail\tsent to admin@varde.test\n');
    const missing = await runVarde(home, ['rules', 'test', site.uuid, 'nope']);
    expect(missing.code).toBe(EXIT.notFound);
  });

  it('delete needs --yes without a terminal, then removes every rule of the site', async () => {
    const refused = await runVarde(home, ['rules', 'delete', site.uuid]);
    expect(refused.code).toBe(EXIT.usage);
    expect(Object.keys(await cloud.context.rules.store.rulesOf(site.uuid))).toHaveLength(2);
    const deleted = await runVarde(home, ['rules', 'delete', site.uuid, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(EXIT.ok);
    expect(deleted.stderr).toContain(`Deleted 2 notification rule(s) of ${site.name}.`);
    expect(await cloud.context.rules.store.rulesOf(site.uuid)).toEqual({});
    expect((await runVarde(home, ['rules', 'delete', 'Nowhere', '--yes'])).code).toBe(EXIT.notFound);
  });
});

describe('varde rules log', () => {
  const smsOnly = `${site.uuid.slice(0, 8)}-rule-nophon`;

  it('a test that reaches no one exits 1 and says why per user; the log lists tests and alarms, newest first', async () => {
    await cloud.context.rules.store.replace(site.uuid, {
      [smsOnly]: { ruleId: smsOnly, channeltype: ['sms'], threshold: 20, users: [demoUid('admin'), demoUid('sms')] },
    });
    // SMS to the admin (no phone) is skipped, to the SMS user sent: exit 0.
    const partly = await runVarde(home, ['rules', 'test', site.uuid, smsOnly]);
    expect(partly.code, partly.stderr).toBe(EXIT.ok);
    expect(partly.stdout).toBe('admin@varde.test\tsms\tskipped: no phone number\nsms@varde.test\tsms\tsent to +4791234567\n');
    expect(partly.stderr).toContain('Sent 1 test message(s); skipped 1.');

    await cloud.context.rules.store.replace(site.uuid, {
      [smsOnly]: { ruleId: smsOnly, channeltype: ['sms'], threshold: 20, users: [demoUid('admin')] },
    });
    const nobody = await runVarde(home, ['rules', 'test', site.uuid, smsOnly]);
    expect(nobody.code).toBe(EXIT.failure);
    expect(nobody.stdout).toBe('admin@varde.test\tsms\tskipped: no phone number\n');
    expect(nobody.stderr).toContain('No test message could be sent.');

    const log = await runVarde(home, ['rules', 'log', site.name, smsOnly]);
    expect(log.code, log.stderr).toBe(EXIT.ok);
    const lines = log.stdout.trim().split('\n').map((line) => line.split('\t'));
    expect(lines.map((cells) => cells.slice(1))).toEqual([
      ['test', 'admin@varde.test', 'sms', 'skipped: no phone number'],
      ['test', 'sms@varde.test', 'sms', 'sent to +4791234567'],
      ['test', 'admin@varde.test', 'sms', 'skipped: no phone number'],
    ]);
    for (const cells of lines) expect(new Date(cells[0]!).toISOString()).toBe(cells[0]);

    const json = await runVarde(home, ['rules', 'log', site.uuid, smsOnly, '--json', '--limit', '1']);
    expect(json.code, json.stderr).toBe(EXIT.ok);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ cause: 'test', alarmId: null, userUUID: demoUid('admin'), channel: 'sms', outcome: 'skipped', reason: 'missing-phone-number' }),
    ]);
  });

  it('logs what an alarm sent, with the alarm', async () => {
    await cloud.context.rules.store.replace(site.uuid, {
      [smsOnly]: { ruleId: smsOnly, channeltype: ['sms'], threshold: 5, users: [demoUid('sms')] },
    });
    for (const row of await cloud.context.alarms.list({ siteUuids: [site.uuid], active: true })) await cloud.context.alarms.clear(row.id);
    const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'CLI-LOG1' });
    // Backdate the alarm past the threshold rather than wait: the engine compares with the cloud's clock.
    await cloud.context.db.updateTable('alarms').set({ active_at: Date.now() - 6 * 60_000 }).where('id', '=', alarm.id).execute();
    await cloud.context.rules.engine.evaluate();
    const log = await runVarde(home, ['rules', 'log', site.uuid, smsOnly, '--limit', '1']);
    expect(log.code, log.stderr).toBe(EXIT.ok);
    expect(log.stdout.trim().split('\t').slice(1)).toEqual([`alarm ${alarm.id}`, 'sms@varde.test', 'sms', 'sent to +4791234567']);
  });

  it('refuses a bad --limit, an unknown site, and another partner\'s site', async () => {
    expect((await runVarde(home, ['rules', 'log', site.uuid, smsOnly, '--limit', '0'])).code).toBe(EXIT.usage);
    expect((await runVarde(home, ['rules', 'log', 'Nowhere', smsOnly])).code).toBe(EXIT.notFound);
    const other = createHome(cloud.url);
    const login = await runVarde(other, ['login', '--user', demoUsers.partnerAdmin.email, '--password-stdin'], { stdin: `${demoUsers.partnerAdmin.password}\n` });
    expect(login.code, login.stderr).toBe(EXIT.ok);
    const foreign = await runVarde(other, ['rules', 'log', site.uuid, smsOnly]);
    expect(foreign.code).toBe(EXIT.notFound);
    expect(foreign.stdout).toBe('');
    expect(foreign.stderr).not.toContain('varde.test');
  });
});
