import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alarmHistoryResponse, alarmRowResponse, type SignedIn } from '@varde/core/contract';
import { createCloud, type Cloud } from '../src/cloud.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { runCopyDataCommand } from '../src/storage/copyDataCommand.js';
import { bearer, call, signIn } from './helpers/http.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { newPostgresDatabase, testEngine } from './helpers/startCloud.js';

/** `varde-cloud copy-data`: a used SQLite cloud into an empty PostgreSQL database (the PostgreSQL pass only). */
const dir = mkdtempSync(join(tmpdir(), 'varde-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function copy(from: string, to: string) {
  let out = '';
  let err = '';
  const status = await runCopyDataCommand(['--from', from, '--to', to], {}, dir, { out: (text) => (out += text), err: (text) => (err += text) });
  return { status, out, err };
}

async function tablesIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()");
    return result.rows.map((row) => row.table_name as string);
  } finally {
    await client.end();
  }
}

describe.runIf(testEngine() === 'postgres')('copy-data', () => {
  const used = join(dir, 'used');
  let port = 0;
  let viewer: SignedIn;
  let kid = '';
  let ackedAlarm = '';

  // A cloud on a folder that has been used: a new password, an acknowledged alarm with its comment.
  beforeAll(async () => {
    const cloud: Cloud = await createCloud({ port: 0, storage: { kind: 'directory', dir: used }, seed: 'demo', outbox: 'public' });
    try {
      port = cloud.port;
      kid = cloud.context.keys.kid;
      viewer = await signIn(cloud, demoUsers.viewer.email, demoUsers.viewer.password);
      const [sysadmin, user] = await Promise.all([signInDemo(cloud, 'systemAdmin'), signInDemo(cloud, 'user')]);
      const raised = await callAs(cloud, sysadmin, 'alarms', '/simulation/alarms', {
        json: { siteUuid: demoSites()[3]!.uuid, alarmGroup: 'B', tagName: 'COPY-1', text: 'Tilluft for varm', value: '31' },
      });
      ackedAlarm = alarmRowResponse.parse(raised.body).data.id;
      expect((await callAs(cloud, user, 'alarms', `/alarms/${ackedAlarm}/acknowledge`, { method: 'POST', json: { comment: 'sjekket før flytting' } })).status).toBe(200);
      const changed = await callAs(cloud, user, 'users', `/users/${demoUid('user')}/password`, { method: 'POST', json: { password: 'moved-to-postgres-1' } });
      expect(changed.status).toBe(200);
    } finally {
      await cloud.close();
    }
  });

  test('refuses a missing folder and a source PostgreSQL refuses, leaving the target as it was', async () => {
    const target = (await newPostgresDatabase())!;
    try {
      const url = (target.storage as { url: string }).url;
      const missing = await copy(join(dir, 'nothing-here'), url);
      expect(missing.status).toBe(1);
      expect(missing.err).toMatch(/no Varde data in .*nothing-here/);

      // A text PostgreSQL cannot store (NUL) in one account: the copy stops and undoes the schema too.
      const broken = join(dir, 'broken');
      mkdirSync(broken);
      copyFileSync(join(used, 'varde.db'), join(broken, 'varde.db'));
      const raw = new Database(join(broken, 'varde.db'));
      raw.prepare('UPDATE accounts SET phone = ? WHERE email = ?').run('+47\u0000123', demoUsers.guest.email);
      raw.close();
      const refused = await copy(broken, url);
      expect(refused.status).toBe(1);
      expect(refused.err).toMatch(/PostgreSQL refused a row of accounts .*nothing was written/);
      expect(await tablesIn(url)).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  test('copies every table with equal counts; passwords, tokens, signing keys and alarm history still work; a second copy is refused', async () => {
    const target = (await newPostgresDatabase())!;
    const url = (target.storage as { url: string }).url;
    try {
      const copied = await copy(used, url);
      expect(copied.err).toBe('');
      expect(copied.status).toBe(0);
      // Every table of the file is listed with the same count on both sides.
      const source = new Database(join(used, 'varde.db'), { readonly: true });
      const tables = source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'").pluck().all() as string[];
      for (const table of tables) {
        const rows = source.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
        expect(copied.out, table).toMatch(new RegExp(`\\n  ${table} +${rows} +${rows}\\n`));
      }
      source.close();
      expect(copied.out).toMatch(/every table's count verified/);

      // The same public origin (port), as a deployment moving its storage keeps its address.
      const cloud = await createCloud({ port, storage: target.storage, seed: 'demo', outbox: 'public' });
      const client = { url: `http://127.0.0.1:${cloud.port}` };
      try {
        expect(cloud.context.keys.kid).toBe(kid);
        const sites = await call(client, '/cloud/controllers-api/controllers', { headers: bearer(viewer.accessTokens['controllers-api.localhost']!) });
        expect(sites.status).toBe(200);
        await signIn(client, demoUsers.user.email, 'moved-to-postgres-1');
        await signIn(client, demoUsers.admin.email, demoUsers.admin.password);
        const user = await signInDemo(cloud, 'systemAdmin');
        const history = alarmHistoryResponse.parse((await callAs(cloud, user, 'alarms', `/alarms/${ackedAlarm}/history`)).body).data;
        expect(history.map((entry) => [entry.action, entry.comment ?? null])).toEqual([['raised', null], ['acknowledged', 'sjekket før flytting']]);
        // Started with --seed demo on the copy: nothing seeded twice.
        const accounts = await cloud.context.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect(copied.out).toMatch(new RegExp(`\\n  accounts +${Number(accounts.n)} +${Number(accounts.n)}\\n`));
      } finally {
        await cloud.close();
      }

      const again = await copy(used, url);
      expect(again.status).toBe(1);
      expect(again.err).toMatch(/is not empty: .*accounts \(\d+ rows\)/);
    } finally {
      await target.drop();
    }
  });
});
