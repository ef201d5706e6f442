import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FUNCTION_SOURCE } from '@varde/core/contract';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { bearer, call, signIn } from '../../server/test/helpers/http.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde functions ...` and `varde mappings ...` against the in-memory cloud. */
let cloud: Cloud;
let home: VardeHome;
const work = mkdtempSync(join(tmpdir(), 'varde-cli-fn-'));
/** Writes the cloud received (method + path), to prove an idempotent import writes nothing. */
const writes: string[] = [];

beforeAll(async () => {
  cloud = await startCloud();
  cloud.server.on('request', (request: IncomingMessage) => {
    if (request.method !== 'GET' && request.url?.startsWith('/cloud/mappings-manager/')) writes.push(`${request.method} ${request.url}`);
  });
  home = createHome(cloud.url);
  const login = await runVarde(home, ['login', '--user', demoUsers.admin.email, '--password-stdin'], { stdin: `${demoUsers.admin.password}\n` });
  expect(login.code, login.stderr).toBe(EXIT.ok);
}, 60_000);
afterAll(() => cloud?.close());

describe('varde functions', { timeout: 180_000 }, () => {
  it('deploys a folder, prints the new version; pull writes the files back; get and list show it', async () => {
    const dir = join(work, 'my-average');
    const pulled = await runVarde(home, ['functions', 'pull', 'room-average', dir]);
    expect(pulled.code, pulled.stderr).toBe(EXIT.ok);
    expect(readFileSync(join(dir, 'main.py'), 'utf8')).toBe(DEFAULT_FUNCTION_SOURCE);
    expect(readFileSync(join(dir, 'requirements.txt'), 'utf8')).toBe('requests>=2.31');

    writeFileSync(join(dir, 'description.txt'), 'My average\n');
    const first = await runVarde(home, ['functions', 'deploy', dir]);
    expect([first.code, first.stdout], first.stderr).toEqual([EXIT.ok, '1\n']);
    const second = await runVarde(home, ['functions', 'deploy', dir]);
    expect(second.stdout).toBe('2\n');
    expect(second.stderr).toContain('Deployed my-average: version 2');

    const list = await runVarde(home, ['functions', 'list', '--json']);
    expect(JSON.parse(list.stdout)).toContainEqual({ name: 'my-average', description: 'My average', updated: expect.any(String), version: 2 });
    const source = await runVarde(home, ['functions', 'get', 'my-average', '--source']);
    expect(source.stdout).toBe(DEFAULT_FUNCTION_SOURCE);
  });

  it('runs the template: it reads seeded history, and its written value is readable from the historian', async () => {
    const site = demoSites()[1]!;
    const run = await runVarde(home, ['functions', 'run', 'room-average', '--request', JSON.stringify({ controllerId: site.uuid, tag: 'RT402' })]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const result = JSON.parse(run.stdout) as { points: number; average: number; written: string };
    expect(result.points).toBeGreaterThan(90);
    expect(run.stderr).toContain('--- written values ---');
    expect(run.stderr).toContain(`${site.uuid}\tRT402_avg24h`);

    const tokens = (await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password)).accessTokens;
    const value = await call(cloud, `/cloud/historian/${site.uuid}/value/RT402_avg24h?ts=${Date.now() + 1000}&time_format=epoch`, {
      headers: bearer(tokens['historian.localhost']!),
    });
    expect(value.body.value).toBe(result.average);
  });

  it('runs the seeded function written in the vendor library\'s style: bare service hosts over HTTPS in the sandbox', async () => {
    const site = demoSites()[2]!;
    const run = await runVarde(home, ['functions', 'run', 'temperature-mean', '--request', JSON.stringify({ controller: site.uuid })]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const result = JSON.parse(run.stdout) as { read: { points: number; path: string }; wrote: { tag: string; value: number } };
    expect(result.read.points).toBeGreaterThan(20);
    expect(result.read.path).toBe(`${site.name}/RT401`);
    expect(run.stderr).toContain(`${site.uuid}\tRT401_mean6h`);

    const tokens = (await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password)).accessTokens;
    const value = await call(cloud, `/cloud/historian/${site.uuid}/value/RT401_mean6h?ts=${Date.now() + 1000}&time_format=epoch`, {
      headers: bearer(tokens['historian.localhost']!),
    });
    expect(value.body.value).toBe(result.wrote.value);
  });

  it('exits non-zero with the error when a run fails; usage errors for bad names and requests', async () => {
    const dir = join(work, 'broken');
    await runVarde(home, ['functions', 'pull', 'hello', dir]);
    writeFileSync(join(dir, 'main.py'), 'def main(request):\n    return 1 / 0\n');
    expect((await runVarde(home, ['functions', 'deploy', dir])).code).toBe(EXIT.ok);
    const run = await runVarde(home, ['functions', 'run', 'broken']);
    expect(run.code).toBe(EXIT.failure);
    expect(run.stderr).toContain('ZeroDivisionError');
    expect((await runVarde(home, ['functions', 'get', '9lives'])).code).toBe(EXIT.usage);
    expect((await runVarde(home, ['functions', 'run', 'hello', '--request', '[1]'])).code).toBe(EXIT.usage);
    expect((await runVarde(home, ['functions', 'get', 'no-such-fn'])).code).toBe(EXIT.notFound);
    expect((await runVarde(home, ['functions', 'delete', 'broken'])).code).toBe(EXIT.usage);
    expect((await runVarde(home, ['functions', 'delete', 'broken', '--yes'])).code).toBe(EXIT.ok);
  });
});

describe('varde mappings', { timeout: 180_000 }, () => {
  it('lists mappings and tables', async () => {
    const list = await runVarde(home, ['mappings', 'list', '--json']);
    expect(JSON.parse(list.stdout).map((m: { title: string }) => m.title)).toEqual(['Heating curve', 'Ventilation optimiser']);
    const tables = await runVarde(home, ['mappings', 'tables', 'heating curve']);
    expect(tables.stdout.trim().split('\n')).toHaveLength(4);
  });

  it('export -> import back writes nothing; a changed row is the only write', async () => {
    const file = join(work, 'ventilation.csv');
    const exported = await runVarde(home, ['mappings', 'export', 'Ventilation optimiser', file]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('table,meaning,controller-id,tag,value');
    // 4 tables x (4 tag meanings + 1 setting).
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + 4 * 5);

    writes.length = 0;
    const dry = await runVarde(home, ['mappings', 'import', 'Ventilation optimiser', file, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(EXIT.ok);
    expect(dry.stdout.trim().split('\n').every((line) => line.startsWith('unchanged\t'))).toBe(true);
    const again = await runVarde(home, ['mappings', 'import', 'Ventilation optimiser', file]);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(again.stderr).toContain('Done: 0 written, 20 unchanged');
    expect(writes).toEqual([]);

    const lines = csv.trimEnd().split('\r\n');
    lines[1] = lines[1]!.replace(/,RT401,$/, ',RT403,');
    writeFileSync(file, `${lines.join('\r\n')}\r\n`);
    const plan = await runVarde(home, ['mappings', 'import', 'Ventilation optimiser', file, '--dry-run']);
    expect(plan.stdout.split('\n').filter((line) => line.startsWith('update'))).toEqual([expect.stringMatching(/^update\t2\t.* \/ Room temperature$/)]);
    const applied = await runVarde(home, ['mappings', 'import', 'Ventilation optimiser', file]);
    expect(applied.code, applied.stderr).toBe(EXIT.ok);
    expect(writes).toHaveLength(1);
    const back = await runVarde(home, ['mappings', 'export', 'Ventilation optimiser']);
    expect(back.stdout).toBe(readFileSync(file, 'utf8'));
  });

  it('refuses a CSV with bad rows whole, reporting every line', async () => {
    const site = demoSites()[0]!.uuid;
    const table = demoSites()[0]!.name;
    const file = join(work, 'bad.csv');
    writeFileSync(file, [
      'table,meaning,controller-id,tag',
      `${table},Room temperature,${site},RT401`,
      `${table},Humidity,${site},RH401`,
      `${table},CO2,not-a-uuid,QT701`,
      `${table},Outdoor temperature,${site}," RT901"`,
      `No such table,CO2,${site},QT701`,
      `${table},Room temperature,${site},RT499`,
      '',
    ].join('\n'));
    writes.length = 0;
    const result = await runVarde(home, ['mappings', 'import', 'Ventilation optimiser', file]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('line 3: meaning: unknown meaning "Humidity"');
    expect(result.stderr).toContain('line 4: controller-id: The controller has to be a valid UUID');
    expect(result.stderr).toContain('line 5: tag: No leading or trailing whitespaces');
    expect(result.stderr).toContain('line 6: table: no mapping table "No such table"');
    expect(result.stderr).toMatch(/line 7: .* \/ Room temperature is already on line 2/);
    expect(result.stderr).toContain('5 invalid rows');
    expect(writes).toEqual([]);
    expect(existsSync(`${file}.varde-journal`)).toBe(false);
  });

  it('round-trips the tables\' settings: a changed value is one PATCH; an older file without the value column leaves them alone', async () => {
    const file = join(work, 'heating.csv');
    expect((await runVarde(home, ['mappings', 'export', 'Heating curve', file])).code).toBe(EXIT.ok);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    const settings = lines.filter((line) => line.includes(',Interval (minutes),'));
    expect(settings).toHaveLength(4);
    expect(settings[0]).toMatch(/,Interval \(minutes\),,,15$/);

    const i = lines.indexOf(settings[0]!);
    const j = lines.indexOf(settings[1]!);
    lines[i] = lines[i]!.replace(/,15$/, ',45');
    lines[j] = lines[j]!.replace(/,15$/, ',');
    writeFileSync(file, `${lines.join('\r\n')}\r\n`);
    writes.length = 0;
    const applied = await runVarde(home, ['mappings', 'import', 'Heating curve', file]);
    expect(applied.code, applied.stderr).toBe(EXIT.ok);
    expect(applied.stderr).toContain('Done: 2 written');
    expect(writes.every((write) => write.startsWith('PATCH /cloud/mappings-manager/v0/mapping-tables/'))).toBe(true);
    expect(writes).toHaveLength(2);
    expect((await runVarde(home, ['mappings', 'export', 'Heating curve'])).stdout).toBe(readFileSync(file, 'utf8'));

    // A file as exported before settings existed: four columns, tag rows only.
    const old = join(work, 'heating-old.csv');
    const tagRows = lines.filter((line) => !line.includes(',Interval (minutes),')).map((line) => line.replace(/,$/, ''));
    writeFileSync(old, `${tagRows.join('\r\n').replace('table,meaning,controller-id,tag,value', 'table,meaning,controller-id,tag')}\r\n`);
    writes.length = 0;
    const older = await runVarde(home, ['mappings', 'import', 'Heating curve', old]);
    expect(older.code, older.stderr).toBe(EXIT.ok);
    expect(writes).toEqual([]);
  });

  it('refuses a value on a tag row, a controller on a setting, and a setting without the value column', async () => {
    const site = demoSites()[0]!.uuid;
    const table = demoSites()[0]!.name;
    const file = join(work, 'bad-settings.csv');
    writeFileSync(file, [
      'table,meaning,controller-id,tag,value',
      `${table},Heating valve,${site},SB401,12`,
      `${table},Interval (minutes),${site},X1,30`,
      '',
    ].join('\n'));
    const noValueColumn = join(work, 'bad-settings-old.csv');
    writeFileSync(noValueColumn, ['table,meaning,controller-id,tag', `${table},Interval (minutes),,`, ''].join('\n'));
    writes.length = 0;
    const result = await runVarde(home, ['mappings', 'import', 'Heating curve', file]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('line 2: value: only a setting has a value; "Heating valve" maps to a tag');
    expect(result.stderr).toContain('line 3: controller-id: "Interval (minutes)" is a setting of the table');
    const old = await runVarde(home, ['mappings', 'import', 'Heating curve', noValueColumn]);
    expect(old.code).toBe(EXIT.usage);
    expect(old.stderr).toContain('line 2: value: missing column (a setting needs it)');
    expect(writes).toEqual([]);
  });

  it('export-fields -> import-fields writes nothing; an edited file updates only what changed; bad fields are all reported', async () => {
    const file = join(work, 'ventilation-fields.json');
    const exported = await runVarde(home, ['mappings', 'export-fields', 'Ventilation optimiser', file]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const fields = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(fields).sort()).toEqual(['cause', 'consequence', 'cypher_query', 'description', 'level', 'ratings', 'title']);
    expect(fields).toMatchObject({ level: 'B', ratings: { comfort: 4, energy: 3, operation: 2 }, cypher_query: null });

    writes.length = 0;
    const same = await runVarde(home, ['mappings', 'import-fields', 'Ventilation optimiser', file]);
    expect(same.code, same.stderr).toBe(EXIT.ok);
    expect(`${same.stdout}${same.stderr}`).toContain('Unchanged: nothing written');
    expect(writes).toEqual([]);

    writeFileSync(file, JSON.stringify({ ...fields, level: 'A', cause: { ...fields.cause, sv: 'Hög CO2' } }));
    const plan = await runVarde(home, ['mappings', 'import-fields', 'Ventilation optimiser', file, '--dry-run']);
    expect(`${plan.stdout}${plan.stderr}`).toContain('Plan: cause, level would change');
    expect(writes).toEqual([]);
    const applied = await runVarde(home, ['mappings', 'import-fields', 'Ventilation optimiser', file]);
    expect(applied.code, applied.stderr).toBe(EXIT.ok);
    expect(writes).toEqual([expect.stringMatching(/^PUT \/cloud\/mappings-manager\/v0\/mappings\//)]);
    const back = JSON.parse((await runVarde(home, ['mappings', 'export-fields', 'Ventilation optimiser'])).stdout);
    expect(back).toEqual({ ...fields, level: 'A', cause: { ...fields.cause, sv: 'Hög CO2' } });

    writes.length = 0;
    writeFileSync(file, JSON.stringify({ ...fields, ratings: { comfort: 9, energy: 1 }, cause: 'High CO2' }));
    const bad = await runVarde(home, ['mappings', 'import-fields', 'Ventilation optimiser', file]);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toContain('invalid fields; nothing was written');
    expect(bad.stderr).toContain('ratings.comfort: To 5');
    expect(bad.stderr).toContain('ratings.operation:');
    expect(bad.stderr).toContain('cause:');
    writeFileSync(file, '{ not json');
    expect((await runVarde(home, ['mappings', 'import-fields', 'Ventilation optimiser', file])).stderr).toContain('not JSON');
    expect(writes).toEqual([]);
  });
});
