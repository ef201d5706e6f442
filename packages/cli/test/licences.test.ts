import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licensingPaths, type StoredLicense } from '@varde/core/contract';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, spawnVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde licences` against an in-memory reference cloud: files, verification, bulk import with resume. */

let cloud: Cloud;
let admin: VardeHome;
const work = mkdtempSync(join(tmpdir(), 'varde-licences-'));

async function signIn(home: VardeHome, email: string): Promise<void> {
  const result = await runVarde(home, ['login', '--user', email, '--password-stdin'], { stdin: `${demoUsers.admin.password}\n` });
  expect(result.code, result.stderr).toBe(0);
}

/** Every licence of a partner straight from the cloud's realtime tree (what the portal subscribes to). */
async function stored(partner: string, state: 'active' | 'archive'): Promise<StoredLicense[]> {
  const path = state === 'active' ? licensingPaths.active(partner) : licensingPaths.archive(partner);
  return Object.values(((await cloud.context.realtime.get(path)) ?? {}) as Record<string, StoredLicense>);
}

beforeAll(async () => {
  cloud = await startCloud();
  admin = createHome(cloud.url);
  await signIn(admin, demoUsers.admin.email);
}, 120_000);

afterAll(() => cloud?.close());

describe('varde licences', () => {
  it('generates a licence file that verifies; a tampered copy does not', async () => {
    const out = join(work, 'bryggen.bin');
    const generated = await runVarde(admin, [
      'licences', 'generate', '--partner', 'fjordvarme', '--type', 'controller', '--name', 'Bryggen CLI', '--issued-to', 'Bergen kommune',
      '--administrator', 'drift@bergen.test', '--hardware-id', 'PC-77', '--expiration', 'P1Y', '--field', 'siteCount=5', '--field', 'edition=Basic',
      '--out', out, '--json',
    ]);
    expect(generated.code, generated.stderr).toBe(0);
    expect(JSON.parse(generated.stdout).licenseInfo).toMatchObject({ name: 'Bryggen CLI', siteCount: 5, edition: 'Basic' });

    const verified = await runVarde(admin, ['licences', 'verify', out]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^valid\tyes$/m);
    expect(verified.stdout).toMatch(/^siteCount\t5$/m);

    const [header, payload, signature] = readFileSync(out, 'utf8').split('.') as [string, string, string];
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString());
    changed.licenseInfo.siteCount = 500;
    const tampered = join(work, 'tampered.bin');
    writeFileSync(tampered, `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`);
    const refused = await runVarde(admin, ['licences', 'verify', tampered]);
    expect(refused.code).toBe(EXIT.failure);
    expect(refused.stderr).toMatch(/Licence file is not valid: The signature does not match/);
  });

  it('download --all writes every active licence of a partner', async () => {
    const folder = join(work, 'all');
    const result = await runVarde(admin, ['licences', 'download', '--all', '--partner', 'fjordvarme', '--out', folder]);
    expect(result.code, result.stderr).toBe(0);
    const files = readdirSync(folder);
    expect(files).toHaveLength((await stored('fjordvarme', 'active')).length);
    expect(files).toContain('bergenskolelicense.bin');
  });

  it('a user without the partner is refused (403, exit 8)', async () => {
    const other = createHome(cloud.url);
    await signIn(other, demoUsers.partnerAdmin.email);
    const result = await runVarde(other, ['licences', 'list', '--partner', 'fjordvarme']);
    expect(result.code).toBe(EXIT.forbidden);
    expect(result.stderr).toMatch(/not a licensing administrator for the partner fjordvarme/);
  });

  it('import checks every row first and writes nothing when one is bad (exit 2)', async () => {
    const before = (await stored('fjordvarme', 'active')).length;
    const file = join(work, 'bad.csv');
    writeFileSync(
      file,
      [
        'partner,type,name,issuedTo,administrator,hardwareId,expiration,siteCount,edition,renew',
        'fjordvarme,controller,Good,Customer,a@b.test,H1,P1Y,3,Pro,',
        'fjordvarme,controller,Bad Count,Customer,a@b.test,H2,P1Y,many,Pro,',
        'fjordvarme,controller,No Expiry,Customer,a@b.test,H3,,3,Pro,',
        'fjordvarme,nosuch,X,Customer,a@b.test,H4,P1Y,,,',
        ',,,,,,,,,no-such-licence',
        'nordbygg,trial,Not Mine,Customer,a@b.test,H5,,,,',
      ].join('\n'),
    );
    const result = await runVarde(admin, ['licences', 'import', file]);
    expect(result.code).toBe(EXIT.usage);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('line '));
    expect(lines).toEqual([
      expect.stringMatching(/^line 3: siteCount: Must be a whole number/),
      expect.stringMatching(/^line 4: expiration: Field is required/),
      expect.stringMatching(/^line 5: type: no type nosuch/),
      expect.stringMatching(/^line 6: renew: no licence no-such-licence/),
      expect.stringMatching(/^line 7: partner: you are not a licensing administrator for nordbygg/),
    ]);
    expect((await stored('fjordvarme', 'active'))).toHaveLength(before);
  });

  it('recognises the licences that exist by hardware and product: an edited file generates only its new row; export writes what import reads', async () => {
    const header = 'type,name,issuedTo,administrator,hardwareId,expiration,siteCount,edition';
    const rows = [1, 2, 3, 4].map((index) => `controller,Hall ${index},Kunde ${index},drift@hall.test,PC-300${index},P1Y,${index},Basic`);
    const file = join(work, 'halls.csv');
    writeFileSync(file, [header, ...rows].join('\n'));
    const first = await runVarde(admin, ['licences', 'import', file, '--partner', 'fjordvarme']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/Done: 0 unchanged, 4 generated, 0 renewed, 0 failed/);
    const before = (await stored('fjordvarme', 'active')).length;

    // The same file with one more row, saved again by a spreadsheet (;-separated).
    writeFileSync(file, [header, ...rows, 'controller,Hall 5,Kunde 5,drift@hall.test,PC-3005,P1Y,5,Basic'].map((line) => line.replace(/,/g, ';')).join('\r\n'));
    const plan = await runVarde(admin, ['licences', 'import', file, '--partner', 'fjordvarme', '--dry-run', '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ dryRun: true, rows: 5, wouldCreate: 1, unchanged: 4 });
    const second = await runVarde(admin, ['licences', 'import', file, '--partner', 'fjordvarme']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/Done: 4 unchanged, 1 generated, 0 renewed, 0 failed/);
    const active = await stored('fjordvarme', 'active');
    expect(active).toHaveLength(before + 1);
    expect(active.filter((item) => item.licenseInfo.hardwareId === 'PC-3001')).toHaveLength(1);

    const exported = join(work, 'exported.csv');
    const exportRun = await runVarde(admin, ['licences', 'export', exported, '--partner', 'fjordvarme']);
    expect(exportRun.code, exportRun.stderr).toBe(0);
    expect(readFileSync(exported, 'utf8').split('\n')[0]).toMatch(/^partner,type,name,issuedTo,administrator,hardwareId,expiration,timeZone,id,/);
    const again = await runVarde(admin, ['licences', 'import', exported, '--dry-run']);
    expect(again.code, again.stderr).toBe(0);
    const planned = again.stdout.trim().split('\n');
    expect(planned).toHaveLength(active.length);
    expect(planned.every((line) => line.startsWith('unchanged\t'))).toBe(true);
  });

  it('a bulk renewal of 500 licences, crashed mid-import and resumed, ends with exactly 500 renewals', async () => {
    // 500 licences to renew, generated through the same import.
    const generate = join(work, 'generate.csv');
    writeFileSync(
      generate,
      ['type,name,issuedTo,administrator,hardwareId,expiration,siteCount,edition',
        ...Array.from({ length: 500 }, (_, index) => `controller,Bulk ${index},Customer ${index},drift@bulk.test,BULK-${index},P1Y,${(index % 20) + 1},Standard`)].join('\n'),
    );
    const made = await runVarde(admin, ['licences', 'import', generate, '--partner', 'fjordvarme', '--concurrency', '16']);
    expect(made.code, made.stderr).toBe(0);
    const originals = (await stored('fjordvarme', 'active')).filter((item) => item.licenseInfo.name.startsWith('Bulk '));
    expect(originals).toHaveLength(500);
    const originalIds = new Set(originals.map((item) => item.licenseInfo.id));

    const renewals = join(work, 'renewals.csv');
    writeFileSync(renewals, ['renew,expiration', ...originals.map((item) => `${item.licenseInfo.id},P3Y`)].join('\n'));
    const plan = await runVarde(admin, ['licences', 'import', renewals, '--dry-run']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout.trim().split('\n').every((line) => line.startsWith('update\t'))).toBe(true);

    // Crash the CLI (SIGKILL: no clean shutdown) while renewals are in flight: their answers are lost.
    const journal = `${renewals}.varde-journal`;
    const journaled = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').length - 2 : 0);
    const running = spawnVarde(admin, ['licences', 'import', renewals, '--concurrency', '8']);
    running.child.stdin.end();
    while (journaled() < 100) {
      if (running.child.exitCode !== null) throw new Error(`import ended before the crash: ${(await running.done).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    running.child.kill('SIGKILL');
    await running.done;
    const doneBefore = journaled();
    expect(doneBefore).toBeLessThan(500);
    // The cloud renewed more than the journal knows of (the rows in flight); resume redoes those.
    const renewedAtCrash = (await stored('fjordvarme', 'active')).filter((item) => originalIds.has(item.licenseInfo.previousLicenseID)).length;
    expect(renewedAtCrash).toBeGreaterThanOrEqual(doneBefore);

    const resumed = await runVarde(admin, ['licences', 'import', renewals, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming: \d+ of 500 rows were done before/);
    expect(existsSync(journal)).toBe(false);

    const everything = [...(await stored('fjordvarme', 'active')), ...(await stored('fjordvarme', 'archive'))];
    const renewalsMade = everything.filter((item) => originalIds.has(item.licenseInfo.previousLicenseID));
    expect(renewalsMade).toHaveLength(500);
    expect(new Set(renewalsMade.map((item) => item.licenseInfo.previousLicenseID)).size).toBe(500);
    expect(renewalsMade.every((item) => item.licenseInfo.chain[0] === item.licenseInfo.previousLicenseID)).toBe(true);
    expect((await stored('fjordvarme', 'archive')).filter((item) => originalIds.has(item.licenseInfo.id))).toHaveLength(500);
  }, 180_000);
});
