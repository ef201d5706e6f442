import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { demoBimSite } from '../../server/src/seed/demoBim.js';
import { DEMO_BUILDING_NAME, demoBuilding } from '../../server/src/bim/ifc/demoBuilding.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde bim import|export` against the in-memory cloud. */
let cloud: Cloud;
let home: VardeHome;
const work = mkdtempSync(join(tmpdir(), 'varde-cli-bim-'));
const writes: string[] = [];
const site = demoBimSite().uuid;
const [a, b] = demoBuilding().storeys[2]!.equipment;
const HEADER = 'bim_guid,bim_name,bim_description,controller_id,building,tag,description,substation';

function file(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(async () => {
  cloud = await startCloud({ simulation: 'paused' });
  cloud.server.on('request', (request: IncomingMessage) => {
    if (request.method !== 'GET' && request.url?.startsWith('/cloud/graph/')) writes.push(`${request.method} ${request.url}`);
  });
  home = createHome(cloud.url);
  const login = await runVarde(home, ['login', '--user', demoUsers.powerUser.email, '--password-stdin'], { stdin: `${demoUsers.powerUser.password}\n` });
  expect(login.code, login.stderr).toBe(EXIT.ok);
}, 60_000);
afterAll(() => cloud?.close());

describe('varde bim', { timeout: 120_000 }, () => {
  it('export -> import --overwrite writes nothing; the export is the seeded building', async () => {
    const exported = await runVarde(home, ['bim', 'export', '--building', DEMO_BUILDING_NAME]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const lines = exported.stdout.trim().split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(6);
    const path = file('export.csv', exported.stdout);
    writes.length = 0;
    const again = await runVarde(home, ['bim', 'import', path, '--building', DEMO_BUILDING_NAME, '--overwrite']);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(again.stderr).toContain('No changes');
    expect(writes).toEqual([]);
  });

  it('imports, adds only what is new, overwrites, and a dry run writes nothing', async () => {
    const one = file('one.csv', `${HEADER}\n${a!.globalId},${a!.name},,${site},Hus CLI,T1,"Rom, 301",360\n`);
    const two = file('two.csv', `${HEADER}\n${a!.globalId},${a!.name},,${site},Hus CLI,T1,"Rom, 301",360\n${b!.globalId},${b!.name},,${site},Hus CLI,T2,,360\n`);
    expect((await runVarde(home, ['bim', 'import', two, '--building', 'Hus CLI'])).stderr).toContain('Done: 2 added, 0 removed');
    writes.length = 0;
    const dry = await runVarde(home, ['bim', 'import', one, '--building', 'Hus CLI', '--overwrite', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(EXIT.ok);
    expect(dry.stdout).toBe(`remove\t${b!.globalId}\t${site}\tT2\n`);
    expect(writes).toEqual([]);
    const overwrite = await runVarde(home, ['bim', 'import', one, '--building', 'Hus CLI', '--overwrite', '--json']);
    expect(JSON.parse(overwrite.stdout)).toMatchObject({ building: 'Hus CLI', add: 0, remove: 1, removed: 1 });
    const exported = await runVarde(home, ['bim', 'export', '--building', 'Hus CLI']);
    expect(exported.stdout).toBe(`${HEADER}\n${a!.globalId},${a!.name},,${site},Hus CLI,T1,"Rom, 301",360\n`);
  });

  it('reports every bad line with its number and writes nothing', async () => {
    const bad = file('bad.csv', `${HEADER}\n${a!.globalId},,,${site},Hus X,T1,,\nnope,,,${site},Hus X,T2,,\n${b!.globalId},,,,Hus X,,,\n`);
    writes.length = 0;
    const answer = await runVarde(home, ['bim', 'import', bad, '--building', 'Hus X']);
    expect(answer.code).toBe(EXIT.usage);
    expect(answer.stderr).toContain(`${bad}:3: bim_guid must be`);
    expect(answer.stderr).toContain(`${bad}:4: controller_id is required; tag is required`);
    expect(answer.stderr).toContain('2 bad lines');
    expect(writes).toEqual([]);
  });

  it('refuses two buildings, a building other than --building, and a site the user does not have', async () => {
    const mixed = file('mixed.csv', `${HEADER}\n${a!.globalId},,,${site},Hus Y,T1,,\n${b!.globalId},,,${site},Hus Z,T2,,\n`);
    const spans = await runVarde(home, ['bim', 'import', mixed, '--building', 'Hus Y', '--overwrite']);
    expect(spans.code).toBe(EXIT.usage);
    expect(spans.stderr).toContain('Data set spans more than one building - aborting.');
    const empty = await runVarde(home, ['bim', 'import', file('empty.csv', `${HEADER}\n`), '--building', 'Hus Y']);
    expect(empty.stderr).toContain('No data set to save');
    const other = await runVarde(home, ['bim', 'import', file('other.csv', `${HEADER}\n${a!.globalId},,,${site},Hus Y,T1,,\n`), '--building', 'Hus Q']);
    expect(other.code).toBe(EXIT.usage);
    expect(other.stderr).toContain('belong to building Hus Y, not Hus Q');
    const foreign = demoSites()[40]!.uuid;
    const denied = await runVarde(home, ['bim', 'import', file('foreign.csv', `${HEADER}\n${a!.globalId},,,${foreign},Hus W,T1,,\n`), '--building', 'Hus W']);
    expect(denied.code).toBe(EXIT.forbidden);
    expect(readFileSync(join(work, 'foreign.csv'), 'utf8')).toContain(foreign);
  });
});
