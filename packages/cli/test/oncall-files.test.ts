import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { DEMO_SCHEDULE_NAME } from '../../server/src/seed/demoOnCall.js';
import { DEMO_POLICY_NAME } from '../../server/src/seed/demoEscalations.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/**
 * `varde schedules export|apply -f FILE` and `varde escalations apply -f FILE` against the demo cloud
 * (issue 35): the whole file is checked (by the cloud, storing nothing) before anything is written, and
 * every bad entry is reported with its line (exit 2).
 */
let cloud: Cloud;
let home: VardeHome;
let dir: string;
const fjordSite = demoSites()[3]!;
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const json = async (args: string[]) => {
  const answer = await runVarde(home, [...args, '--json']);
  expect(answer.code, answer.stderr).toBe(EXIT.ok);
  return JSON.parse(answer.stdout);
};

beforeAll(async () => {
  // The test clock: an alarm's escalation steps run when the test moves it, not when a timer fires.
  cloud = await startCloud({ testClock: true });
  home = createHome(cloud.url);
  dir = mkdtempSync(join(tmpdir(), 'varde-oncall-files-'));
  const login = await runVarde(home, ['login', '--user', demoUsers.admin.email, '--password-stdin'], { stdin: `${demoUsers.admin.password}\n` });
  expect(login.code, login.stderr).toBe(EXIT.ok);
}, 60_000);
afterAll(async () => {
  await cloud?.close();
});

describe('varde schedules export|apply', () => {
  it('exports a file that applies back unchanged, and applies a new schedule and a change', async () => {
    const exported = join(dir, 'schedules.yaml');
    const wrote = await runVarde(home, ['schedules', 'export', '-f', exported]);
    expect(wrote.code, wrote.stderr).toBe(EXIT.ok);
    const text = readFileSync(exported, 'utf8');
    expect(text).toContain(`name: ${DEMO_SCHEDULE_NAME}`);
    expect(await json(['schedules', 'apply', '-f', exported])).toMatchObject({ created: 0, updated: 0, unchanged: 1 });

    const nights = file('nights.yaml', [
      'schedules:',
      '  - name: Nattevakt',
      '    timeZone: Europe/Oslo',
      `    sites: ["${fjordSite.name}"]`,
      '    layers:',
      '      - users: [user@varde.test, power@varde.test]',
      '        start: 2026-03-02T16:00',
      '        rotation: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      '        endTime: "08:00"',
      '',
    ].join('\n'));
    expect(await json(['schedules', 'apply', '-f', nights, '--dry-run'])).toMatchObject({ created: 1, dryRun: true });
    expect((await json(['schedules', 'list'])).map((schedule: { name: string }) => schedule.name)).toEqual([DEMO_SCHEDULE_NAME]);
    const applied = await json(['schedules', 'apply', '-f', nights]);
    expect(applied).toMatchObject({ created: 1, updated: 0, unchanged: 0, schedules: [{ name: 'Nattevakt', action: 'created' }] });
    const listed = (await json(['schedules', 'list'])).find((schedule: { name: string }) => schedule.name === 'Nattevakt');
    expect(listed).toMatchObject({ sites: [fjordSite.uuid], layers: [{ rotation: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', endTime: '08:00' }] });
    expect(await json(['schedules', 'apply', '-f', nights])).toMatchObject({ created: 0, unchanged: 1 });

    writeFileSync(nights, readFileSync(nights, 'utf8').replace('[user@varde.test, power@varde.test]', '[power@varde.test]'));
    const changed = await runVarde(home, ['schedules', 'apply', '-f', nights]);
    expect(changed.code, changed.stderr).toBe(EXIT.ok);
    expect(changed.stdout).toContain('~ Nattevakt');
    expect((await json(['schedules', 'list'])).find((schedule: { name: string }) => schedule.name === 'Nattevakt').layers[0].users).toEqual(['power@varde.test']);
  });

  it('reports every bad schedule with its line and writes none of the file (exit 2)', async () => {
    const before = await json(['schedules', 'list']);
    const bad = file('bad.yaml', [
      'schedules:',                                             // 1
      '  - name: Good one',                                     // 2
      '    timeZone: Europe/Oslo',                              // 3
      '    layers: [{ users: [user@varde.test], start: 2026-03-02T08:00, rotation: daily }]', // 4
      '  - name: Atlantis',                                     // 5
      '    timeZone: Europe/Atlantis',                          // 6
      '    layers: [{ users: [nobody@varde.test], start: 2026-03-02T08:00, rotation: daily }]', // 7
      '  - name: Empty rotation',                               // 8
      '    timeZone: Europe/Oslo',                              // 9
      '    layers:',                                            // 10
      '      - users: []',                                      // 11
      '        start: 2026-03-02T08:00',                        // 12
      '        rotation: weekly',                               // 13
      '  - name: Never',                                        // 14
      '    timeZone: Europe/Oslo',                              // 15
      '    layers:',                                            // 16
      '      - users: [user@varde.test]',                       // 17
      '        start: 2026-03-02T08:00',                        // 18
      '        rotation: FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',  // 19
      '  - name: Theirs',                                       // 20
      '    timeZone: Europe/Oslo',                              // 21
      '    sites: [no such site]',                              // 22
      '    layers: [{ users: [drift@nordbygg.test], start: 2026-03-02T08:00, rotation: daily }]', // 23
      '  - name: Other partner',                                // 24
      '    timeZone: Europe/Oslo',                              // 25
      '    layers: [{ users: [drift@nordbygg.test], start: 2026-03-02T08:00, rotation: daily }]', // 26
      '  - name: Overlapping',                                  // 27
      '    timeZone: Europe/Oslo',                              // 28
      '    layers: [{ users: [user@varde.test], start: 2026-03-02T08:00, rotation: daily }]', // 29
      '    overrides:',                                         // 30
      '      - { user: user@varde.test, from: "2026-04-01T08:00:00+02:00", to: "2026-04-01T20:00:00+02:00" }', // 31
      '      - { user: power@varde.test, from: "2026-04-01T12:00:00+02:00", to: "2026-04-02T08:00:00+02:00" }', // 32
      '  - name: good one',                                     // 33
      '    timeZone: Europe/Oslo',                              // 34
      '    layers: [{ users: [user@varde.test], start: 2026-03-02T08:00, rotation: daily }]', // 35
      '',
    ].join('\n'));
    const answer = await runVarde(home, ['schedules', 'apply', '-f', bad]);
    expect(answer.code).toBe(EXIT.usage);
    const lines = answer.stderr.split('\n');
    expect(lines[0]).toContain('has errors; nothing was changed');
    const problems = lines.slice(1).filter((line) => line.startsWith('line '));
    expect(problems).toEqual([
      // Every problem of an entry, each at its own line, not only the first.
      expect.stringMatching(/^line 6: schedules\[1\] "Atlantis": timeZone: Europe\/Atlantis is not an IANA time zone/),
      expect.stringMatching(/^line 7: schedules\[1\] "Atlantis": layers\.0\.users\.0: no user nobody@varde\.test/),
      expect.stringMatching(/^line 11: schedules\[2\] "Empty rotation": layers\.0\.users: /),
      expect.stringMatching(/^line 19: schedules\[3\] "Never": layers\.0\.rotation: /),
      expect.stringMatching(/^line 22: schedules\[4\] "Theirs"\.sites\.0: no site "no such site" among your sites/),
      expect.stringMatching(/^line 26: schedules\[5\] "Other partner": layers\.0\.users\.0: drift@nordbygg\.test is not a user of this schedule's partner/),
      expect.stringMatching(/^line 32: schedules\[6\] "Overlapping": overrides\.1: overlaps overrides\.0/),
      expect.stringMatching(/^line 33: schedules\[7\] "good one": the same schedule as schedules\[0\]/),
    ]);
    expect(await json(['schedules', 'list'])).toEqual(before);
  });
});

describe('varde escalations apply', () => {
  it('applies policies naming schedules by name, users by e-mail and roles; unchanged the second time', async () => {
    const policies = file('policies.yaml', [
      'policies:',
      '  - name: Klasse C natt',
      `    sites: [${fjordSite.uuid}]`,
      '    priorities: [C]',
      '    steps:',
      `      - { afterMinutes: 0, targets: [{ schedule: ${DEMO_SCHEDULE_NAME} }], channels: [mail] }`,
      `      - { afterMinutes: 10, targets: [{ backup: ${DEMO_SCHEDULE_NAME} }, { user: power@varde.test }, { role: Admin }], channels: [mail, sms] }`,
      '    repeat: 2',
      '',
    ].join('\n'));
    const applied = await json(['escalations', 'apply', '-f', policies]);
    expect(applied).toMatchObject({ created: 1, policies: [{ name: 'Klasse C natt', action: 'created' }] });
    const [schedule] = await json(['schedules', 'list']);
    const made = (await json(['escalations', 'list'])).find((policy: { name: string }) => policy.name === 'Klasse C natt');
    expect(made).toMatchObject({ sites: [fjordSite.uuid], priorities: ['C'], repeat: 2, steps: [
      { afterMinutes: 0, targets: [{ schedule: schedule.id }], channels: ['mail'] },
      { afterMinutes: 10, targets: [{ backup: schedule.id }, { user: 'power@varde.test' }, { role: 'Admin' }], channels: ['mail', 'sms'] },
    ] });
    expect(await json(['escalations', 'apply', '-f', policies])).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    // What `escalations list --json` prints applies back as it is.
    const listed = file('listed.json', JSON.stringify(await json(['escalations', 'list'])));
    expect(await json(['escalations', 'apply', '-f', listed])).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('reports every bad policy with its line and writes none of the file (exit 2)', async () => {
    const before = await json(['escalations', 'list']);
    const bad = file('bad-policies.yaml', [
      'policies:',                                                                              // 1
      '  - name: Fine',                                                                         // 2
      '    priorities: [B]',                                                                    // 3
      '    steps: [{ afterMinutes: 0, targets: [{ user: user@varde.test }], channels: [mail] }]', // 4
      '  - name: No targets',                                                                   // 5
      '    priorities: [A]',                                                                    // 6
      '    steps:',                                                                             // 7
      '      - afterMinutes: 0',                                                                // 8
      '        targets: []',                                                                    // 9
      '        channels: [mail]',                                                               // 10
      '  - name: Too late',                                                                     // 11
      '    priorities: [A]',                                                                    // 12
      '    steps:',                                                                             // 13
      '      - afterMinutes: 1441',                                                             // 14
      '        targets: [{ user: user@varde.test }]',                                           // 15
      '        channels: [sms]',                                                                // 16
      '  - name: Unknown schedule',                                                             // 17
      '    priorities: [A]',                                                                    // 18
      '    steps:',                                                                             // 19
      '      - afterMinutes: 0',                                                                // 20
      '        targets: [{ schedule: Nowhere }]',                                               // 21
      '        channels: [mail]',                                                               // 22
      '  - name: Bad role',                                                                     // 23
      '    priorities: [A]',                                                                    // 24
      '    steps:',                                                                             // 25
      '      - afterMinutes: 0',                                                                // 26
      '        targets: [{ role: Boss }]',                                                      // 27
      '        channels: [mail]',                                                               // 28
      `  - name: ${DEMO_POLICY_NAME}`,                                                          // 29
      '    priorities: [A]',                                                                    // 30
      '    steps:',                                                                             // 31
      '      - { afterMinutes: 10, targets: [{ user: drift@nordbygg.test }], channels: [mail] }', // 32
      '      - { afterMinutes: 5, targets: [{ user: nobody@varde.test }], channels: [sms] }',    // 33
      '',
    ].join('\n'));
    const answer = await runVarde(home, ['escalations', 'apply', '-f', bad]);
    expect(answer.code).toBe(EXIT.usage);
    const problems = answer.stderr.split('\n').filter((line) => line.startsWith('line '));
    expect(problems).toEqual([
      expect.stringMatching(/^line 9: policies\[1\] "No targets": steps\.0\.targets: a step needs at least one target/),
      expect.stringMatching(/^line 14: policies\[2\] "Too late": steps\.0\.afterMinutes: must be 0 to 1440 minutes/),
      expect.stringMatching(/^line 21: policies\[3\] "Unknown schedule"\.steps\.0\.targets\.0\.schedule: no schedule "Nowhere" of yours/),
      expect.stringMatching(/^line 27: policies\[4\] "Bad role": steps\.0\.targets\.0/),
      // Every problem of an entry, each at its own line, not only the first.
      expect.stringMatching(/^line 32: policies\[5\] "Klasse A-alarmer Fjordvarme": steps\.0\.targets\.0\.user: drift@nordbygg\.test is not a user of this policy's partner/),
      expect.stringMatching(/^line 33: policies\[5\] "Klasse A-alarmer Fjordvarme": steps\.1\.afterMinutes: comes before steps\.0 \(10 minutes\)/),
      expect.stringMatching(/^line 33: policies\[5\] "Klasse A-alarmer Fjordvarme": steps\.1\.targets\.0\.user: no user nobody@varde\.test/),
    ]);
    expect(await json(['escalations', 'list'])).toEqual(before);
  });

  it("shows an escalation's steps in `varde alarms history`, by time among the alarm's other entries", async () => {
    const login = await fetch(`${cloud.url}/cloud/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ piscadaId: demoUsers.systemAdmin.email, password: demoUsers.systemAdmin.password }) });
    const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
    const bearer = Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1];
    const raised = await fetch(`${cloud.url}/cloud/alarms/simulation/alarms`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ siteUuid: demoSites()[0]!.uuid, alarmGroup: 'A', tagName: 'CLI-ESCALATION', text: 'Natt' }),
    });
    const alarmId = ((await raised.json()) as { data: { id: string } }).data.id;
    // The demo policy (class A): step 1 at once to whoever is on call, by e-mail; moving the clock runs it now.
    const moved = await fetch(`${cloud.url}/cloud/alarms/test-clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify({ minutes: 1 }) });
    expect(moved.status).toBe(200);
    const history: Array<{ action: string; escalation?: { step: number; outcome: string; channel: string | null } }> = await json(['alarms', 'history', alarmId]);
    expect(history[0]!.action).toBe('raised');
    expect(history).toContainEqual(expect.objectContaining({ action: 'escalated', escalation: expect.objectContaining({ step: 0, outcome: 'sent', channel: 'mail' }) }));
    const table = await runVarde(home, ['alarms', 'history', alarmId]);
    expect(table.stdout).toMatch(/escalated\t(user|power)@varde\.test\t\tstep 1: mail sent to (user|power)@varde\.test/);
  });

  it('refuses without -f and with a file that is not a list (exit 2)', async () => {
    expect((await runVarde(home, ['escalations', 'apply'])).code).toBe(EXIT.usage);
    const notAList = await runVarde(home, ['schedules', 'apply', '-f', file('x.yaml', 'schedules: 5\n')]);
    expect(notAList.code).toBe(EXIT.usage);
    expect(notAList.stderr).toContain('expected a list of schedules');
  });
});
