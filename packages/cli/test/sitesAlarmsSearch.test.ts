import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, spawnVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde sites list`, `varde alarms list`, `varde search` against the in-memory cloud. */
let cloud: Cloud;
let home: VardeHome;
const sites = demoSites();
const mine = sites.slice(0, 10);

beforeAll(async () => {
  cloud = await startCloud();
  home = createHome(cloud.url);
  const login = await runVarde(home, ['login', '--user', demoUsers.user.email, '--password-stdin'], { stdin: `${demoUsers.user.password}\n` });
  expect(login.code, login.stderr).toBe(EXIT.ok);
}, 60_000);
afterAll(async () => {
  await cloud?.close();
});

describe('varde sites list', () => {
  it('prints the user\'s sites as TSV when piped, JSON with --json, CSV with --csv', async () => {
    const tsv = await runVarde(home, ['sites', 'list']);
    expect(tsv.code, tsv.stderr).toBe(EXIT.ok);
    const lines = tsv.stdout.trim().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines.map((line) => line.split('\t')[4]).sort()).toEqual(mine.map((site) => site.uuid).sort());

    const json = await runVarde(home, ['sites', 'list', '--json']);
    const parsed = JSON.parse(json.stdout) as { uuid: string; webpmpReady: boolean | null }[];
    expect(parsed).toHaveLength(10);

    const csv = await runVarde(home, ['sites', 'list', '--csv', '--status', 'online']);
    const rows = csv.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toBe('Name,Status,Version,Hostname,Uuid,Latitude,Longitude');
    expect(rows.length - 1).toBe(mine.filter((site) => site.webpmpReady === true).length);
    expect(rows.slice(1).every((row) => row.split(',')[1] === 'online')).toBe(true);
  });

  it('filters by status, version and name; bad filters are usage errors', async () => {
    const offline = await runVarde(home, ['sites', 'list', '--status', 'offline', '--json']);
    expect(JSON.parse(offline.stdout).map((site: { uuid: string }) => site.uuid).sort()).toEqual(
      mine.filter((site) => site.webpmpReady === false).map((site) => site.uuid).sort(),
    );
    const older = await runVarde(home, ['sites', 'list', '--site-version', '3.2', '--json']);
    expect(JSON.parse(older.stdout).every((site: { version: string }) => site.version === '3.2')).toBe(true);
    const named = await runVarde(home, ['sites', 'list', '--name', mine[3]!.name.slice(0, 5).toLowerCase(), '--json']);
    expect(JSON.parse(named.stdout).map((site: { uuid: string }) => site.uuid)).toContain(mine[3]!.uuid);
    const bad = await runVarde(home, ['sites', 'list', '--status', 'sleeping']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toContain('online, offline or unavailable');
  });
});

describe('varde alarms list', () => {
  it('lists alarms of the user\'s sites with --site, --class and --active', async () => {
    const all = await runVarde(home, ['alarms', 'list', '--json']);
    expect(all.code, all.stderr).toBe(EXIT.ok);
    const rows = JSON.parse(all.stdout) as { siteUuid: string; alarmGroup: string; inactive: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => mine.some((site) => site.uuid === row.siteUuid))).toBe(true);
    const activeA = JSON.parse((await runVarde(home, ['alarms', 'list', '--active', '--class', 'a', '--json'])).stdout) as typeof rows;
    expect(activeA.length).toBeGreaterThan(0);
    expect(activeA.every((row) => row.inactive === null && row.alarmGroup === 'A')).toBe(true);
    const site = JSON.parse((await runVarde(home, ['alarms', 'list', '--site', mine[0]!.name, '--json'])).stdout) as typeof rows;
    expect(site.every((row) => row.siteUuid === mine[0]!.uuid)).toBe(true);
    const tsv = await runVarde(home, ['alarms', 'list', '--active']);
    expect(tsv.stdout.split('\n')[0]).toMatch(/^[ABC]\t.+\t.+\t\d{2}-\d{2}-\d{4} \d{2}:\d{2}\t/);
    expect((await runVarde(home, ['alarms', 'list', '--active', '--cleared'])).code).toBe(EXIT.usage);
  });

  it('--watch prints an alarm raised in the cloud', async () => {
    const watching = spawnVarde(home, ['alarms', 'list', '--watch', '--interval', '0.3', '--json', '--site', mine[6]!.uuid]);
    try {
      // Wait until the first listing is done (the site's current alarms were printed).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const raised = await cloud.context.alarms.raise({ siteUuid: mine[6]!.uuid, alarmGroup: 'B', tagName: 'WATCH1', text: 'Watched' });
      let output = '';
      watching.child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      for (let i = 0; i < 100 && !output.includes(raised.id); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      const line = output.split('\n').find((text) => text.includes(raised.id));
      expect(JSON.parse(line!)).toMatchObject({ id: raised.id, tagName: 'WATCH1', alarmGroup: 'B', inactive: null });
    } finally {
      watching.child.kill('SIGINT');
      await watching.done;
    }
  });
});

describe('varde search', () => {
  it('finds seeded tags in the user\'s sites; no result is not an error', async () => {
    const found = await runVarde(home, ['search', 'sirkulasjonspumpe', '--json']);
    expect(found.code, found.stderr).toBe(EXIT.ok);
    const rows = JSON.parse(found.stdout) as { Name: string; siteUuid: string }[];
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.Name === 'JP401')).toBe(true);
    const words = await runVarde(home, ['search', 'romtemperatur', 'møterom']);
    expect(words.stdout.trim().split('\n').every((line) => line.split('\t')[1] === 'RT402')).toBe(true);
    const none = await runVarde(home, ['search', '<img src=x onerror=alert(1)>', '--json']);
    expect(none.code).toBe(EXIT.ok);
    expect(JSON.parse(none.stdout)).toEqual([]);
    expect((await runVarde(home, ['search', '--limit', '0', 'x'])).code).toBe(EXIT.usage);
  });
});
