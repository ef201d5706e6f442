import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser } from '@varde/core/contract';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUid } from '../../server/src/seed/demoSeed.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { createHome, runVarde, spawnVarde, type VardeHome } from './helpers/runVarde.js';

/**
 * `varde users import` of files as HR systems and Excel write them (issue 34): separators, encodings,
 * Entra ID files, column mapping, empty files, sources and pruning of leavers, --no-invite, --json.
 */
let cloud: Cloud;
let admin: VardeHome;
const work = mkdtempSync(join(tmpdir(), 'varde-import-files-'));

/** Windows-1252 bytes of a text (what a plain Excel CSV holds): Latin-1 plus the few characters it moves. */
function windows1252(text: string): Buffer {
  const moved: Record<string, number> = { '€': 0x80, '–': 0x96, '—': 0x97, '’': 0x92 };
  return Buffer.from([...text].map((char) => moved[char] ?? (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 0x3f)));
}

function file(name: string, content: string | Buffer): string {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
}

async function allUsers(): Promise<ManagedUser[]> {
  const result = await runVarde(admin, ['users', 'list', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as ManagedUser[];
}

const FIRST = ['Åse', 'Ærling', 'Øystein', 'Kari – Anne', 'Bjørn', 'Håkon', 'Sjur'];
const LAST = ['Ærlig', 'Øvrebø', 'Strømsæther', 'Dæhlie', 'Løvås', 'Bråten'];
/** The HR file's people: æøå in every name, phones written as people write them. */
const hrPeople = Array.from({ length: 300 }, (_, index) => ({
  email: `person${index}@hr.test`,
  name: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]} ${index}`,
  phone: index % 3 === 0 ? `0047 9${String(10000000 + index).slice(1)}` : index % 3 === 1 ? `9${String(10000000 + index).slice(1)}` : '',
}));

/** A `;`-separated Windows-1252 file with CRLF line ends, as Excel writes "CSV" in Norway. */
function hrFile(name: string, people: typeof hrPeople): string {
  const lines = ['E-post;Navn;Rolle;Telefon', ...people.map((person) => `${person.email};${person.name};User;${person.phone}`)];
  return file(name, windows1252(`${lines.join('\r\n')}\r\n`));
}

const hrMap = ['--map', 'email=E-post,name=Navn,role=Rolle,phone=Telefon'];

beforeAll(async () => {
  // The job's seven runs with one token make more requests a minute than a token may by default (1200;
  // the limit has its own tests in the server): this cloud allows more, so no run waits on a 429.
  cloud = await startCloud({ tokenRequestsPerMinute: 100_000 });
  admin = createHome(cloud.url);
  const login = await runVarde(admin, ['login', '--user', demoUsers.admin.email, '--password-stdin'], { stdin: `${demoUsers.admin.password}\n` });
  expect(login.code, login.stderr).toBe(0);
}, 120_000);

afterAll(() => cloud?.close());

describe('varde users import: files as people have them', () => {
  it('a job with only VARDE_CLOUD and a service account\'s VARDE_TOKEN imports 300 people from a ;-separated Windows-1252 file with --source hr; --prune disable then disables exactly the 10 leavers', async () => {
    // The job's credential: a service account's token that never expires, made by a partner admin.
    const made = await runVarde(admin, ['service-accounts', 'create', '--name', 'HR sync', '--role', 'Admin', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const token = await runVarde(admin, ['service-accounts', 'tokens', 'create', 'HR sync', '--name', 'cron', '--expires', 'never', '--json']);
    expect(token.code, token.stderr).toBe(0);
    // No profile, no login, no terminal: the environment holds VARDE_CLOUD (createHome) and VARDE_TOKEN.
    const job = createHome(cloud.url, { VARDE_TOKEN: JSON.parse(token.stdout).token as string });
    const jobUsers = async (): Promise<ManagedUser[]> => {
      const result = await runVarde(job, ['users', 'list', '--json']);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as ManagedUser[];
    };
    const disabledEverywhere = async () =>
      ((await cloud.context.db.selectFrom('accounts').select(['email', 'disabled_at']).execute()) as Array<{ email: string; disabled_at: unknown }>)
        .filter((account) => account.disabled_at !== null)
        .map((account) => account.email)
        .sort();

    // People the prune must never touch: added by hand (by the job's account and by the admin), and another source's.
    expect((await runVarde(job, ['users', 'create', '--email', 'hand@other.test', '--name', 'Hand Made', '--role', 'User'])).code).toBe(0);
    expect((await runVarde(admin, ['users', 'create', '--email', 'admins@other.test', '--name', 'Admin Made', '--role', 'User'])).code).toBe(0);
    const payroll = file('payroll.csv', 'email,name,role\npay1@other.test,Pay One,User\npay2@other.test,Pay Two,User\n');
    expect((await runVarde(job, ['users', 'import', payroll, '--source', 'payroll', '--no-invite'])).code).toBe(0);

    const since = Date.now();
    const first = await runVarde(job, ['users', 'import', hrFile('hr.csv', hrPeople), ...hrMap, '--source', 'hr', '--no-invite']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Windows-1252, separator ";", CRLF line ends');
    expect(first.stderr).toMatch(/Done: 300 created, 0 updated, 0 unchanged, 0 failed/);

    let users = await jobUsers();
    const hr = users.filter((user) => user.username.endsWith('@hr.test'));
    expect(hr).toHaveLength(300);
    for (const person of hrPeople) {
      const user = hr.find((candidate) => candidate.username === person.email)!;
      expect(user.name).toBe(person.name); // byte-exact: æøå and the en dash survived
      expect(user.source).toBe('hr');
      if (person.phone) expect(user.phone).toMatch(/^\+479\d{7}$/);
    }
    expect(hr.find((user) => user.username === 'person0@hr.test')!.phone).toBe('+4790000000');
    expect(hr.find((user) => user.username === 'person1@hr.test')!.phone).toBe('+4790000001');
    // --no-invite: not one invitation went out.
    expect((await cloud.context.outbox.list({ since })).filter((message) => message.to.endsWith('@hr.test'))).toEqual([]);

    // The same file again: nothing to do.
    const again = await runVarde(job, ['users', 'import', hrFile('hr-again.csv', hrPeople), ...hrMap, '--source', 'hr', '--prune', 'disable']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/Done: 0 created, 0 updated, 300 unchanged, 0 failed, 0 disabled/);

    const leavers = hrPeople.filter((_, index) => index % 30 === 7);
    expect(leavers).toHaveLength(10);
    const staying = hrPeople.filter((person) => !leavers.includes(person));
    const shorter = hrFile('hr-leavers.csv', staying);

    // A dry run lists them, as one JSON document, and changes nothing.
    const plan = await runVarde(job, ['users', 'import', shorter, ...hrMap, '--source', 'hr', '--prune', 'disable', '--dry-run', '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    const planned = JSON.parse(plan.stdout);
    expect(planned).toMatchObject({ dryRun: true, rows: 290, wouldCreate: 0, wouldUpdate: 0, unchanged: 290, wouldDisable: 10 });
    expect([...planned.prune.users].sort()).toEqual(leavers.map((person) => person.email).sort());
    expect(await disabledEverywhere()).toEqual([]);

    // --max-prune below the leavers: refused, nothing written.
    const refused = await runVarde(job, ['users', 'import', shorter, ...hrMap, '--source', 'hr', '--prune', 'disable', '--max-prune', '5']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('would disable 10 of the 300 users of source hr, more than --max-prune 5');
    expect(await disabledEverywhere()).toEqual([]);

    const pruned = await runVarde(job, ['users', 'import', shorter, ...hrMap, '--source', 'hr', '--prune', 'disable']);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(pruned.stderr).toMatch(/Done: 0 created, 0 updated, 290 unchanged, 0 failed, 10 disabled/);
    // Exactly the 10 leavers, and no other account in the whole cloud.
    expect(await disabledEverywhere()).toEqual(leavers.map((person) => person.email).sort());
    users = await jobUsers();
    expect(users.find((user) => user.username === 'hand@other.test')).toMatchObject({ name: 'Hand Made' });
    const payrollList = await runVarde(job, ['users', 'list', '--source', 'payroll', '--json']);
    expect((JSON.parse(payrollList.stdout) as ManagedUser[]).map((user) => [user.username, user.disabled ?? false])).toEqual([
      ['pay1@other.test', false],
      ['pay2@other.test', false],
    ]);
    for (const person of hrPeople) expect(users.find((user) => user.username === person.email)!.name).toBe(person.name);

    // A leaver back in the file stays disabled (an import never enables anyone) and is named; a person enables them.
    const back = await runVarde(job, ['users', 'import', hrFile('hr-back.csv', hrPeople), ...hrMap, '--source', 'hr']);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).toContain(`${leavers[0]!.email} is disabled: left disabled (varde users enable ${leavers[0]!.email})`);
    expect(await disabledEverywhere()).toHaveLength(10);
    const enabled = await runVarde(job, ['users', 'enable', leavers[0]!.email, '--json']);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(JSON.parse(enabled.stdout).disabled).toBeUndefined();
    expect(await disabledEverywhere()).toHaveLength(9);
  }, 180_000);

  it('--prune delete deletes the leavers of the source only; --prune needs --source', async () => {
    const three = file('temp3.csv', 'email,name,role\nt1@temp.test,T1,User\nt2@temp.test,T2,User\nt3@temp.test,T3,User\n');
    expect((await runVarde(admin, ['users', 'import', three, '--source', 'temp', '--no-invite'])).code).toBe(0);
    const two = file('temp2.csv', 'email,name,role\nt1@temp.test,T1,User\nt2@temp.test,T2,User\n');
    const noSource = await runVarde(admin, ['users', 'import', two, '--prune', 'delete']);
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toContain('--prune needs --source');
    const deleted = await runVarde(admin, ['users', 'import', two, '--source', 'temp', '--prune', 'delete', '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toMatchObject({ dryRun: false, unchanged: 2, deleted: 1, prune: { mode: 'delete', source: 'temp', users: ['t3@temp.test'], sourceUsers: 3, maxPrune: 1 } });
    const left = (await allUsers()).filter((user) => user.username.endsWith('@temp.test')).map((user) => user.username);
    expect(left.sort()).toEqual(['t1@temp.test', 't2@temp.test']);
  });

  it('prunes nobody while an import is unfinished: a crashed run disables no one, its --resume prunes at the end', async () => {
    const people = Array.from({ length: 800 }, (_, index) => `r${index}@resume.test,Resume ${index},User`);
    const first = file('resume.csv', `email,name,role\n${people.join('\n')}\n`);
    expect((await runVarde(admin, ['users', 'import', first, '--source', 'resume', '--no-invite', '--concurrency', '16'])).code).toBe(0);
    // Every name changes (a write per row), and the last 5 people have left.
    const changed = file('resume-changed.csv', `email,name,role\n${people.slice(0, 795).map((row) => row.replace('Resume', 'Renamed')).join('\n')}\n`);
    const journal = `${changed}.varde-journal`;
    const journaled = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').length - 2 : 0);
    const disabledHere = async () => (await allUsers()).filter((user) => user.source === 'resume' && user.disabled).map((user) => user.username).sort();

    const running = spawnVarde(admin, ['users', 'import', changed, '--source', 'resume', '--prune', 'disable', '--concurrency', '2']);
    running.child.stdin.end();
    while (journaled() < 50) {
      if (running.child.exitCode !== null) throw new Error(`import ended before the crash: ${(await running.done).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    running.child.kill('SIGKILL');
    await running.done;
    expect(journaled()).toBeLessThan(795);
    expect(await disabledHere()).toEqual([]);

    const resumed = await runVarde(admin, ['users', 'import', changed, '--source', 'resume', '--prune', 'disable', '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/5 disabled/);
    expect(await disabledHere()).toEqual(['r795@resume.test', 'r796@resume.test', 'r797@resume.test', 'r798@resume.test', 'r799@resume.test']);
  }, 120_000);

  it('reads an Entra ID bulk file (version line, BOM, bracketed headers) with --format entra and warns of the columns it does not use', async () => {
    const entra = file(
      'entra.csv',
      '\uFEFFversion:v1.0\r\n' +
        'Name [displayName] Required,User name [userPrincipalName] Required,Initial password [passwordProfile] Required,' +
        'Block sign in (Yes/No) [accountEnabled] Required,First name [givenName],Last name [surname],Job title [jobTitle],' +
        'Department [department],Usage location [usageLocation],Office phone [telephoneNumber],Mobile phone [mobile]\r\n' +
        'Siv Ødegård,siv@entra.test,Secret-123!,No,Siv,Ødegård,Driftsleder,Drift,NO,+47 22 00 00 00,004791234567\r\n' +
        'Tor Åsen,tor@entra.test,Secret-123!,No,Tor,Åsen,Tekniker,Drift,NO,,\r\n',
    );
    const result = await runVarde(admin, ['users', 'import', entra, '--format', 'entra', '--role', 'User', '--no-invite']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('UTF-8 (with BOM), separator ",", CRLF line ends, after a version line');
    expect(result.stderr).toContain('columns not used: "Initial password [passwordProfile] Required"');
    expect(result.stderr).toContain('"Office phone [telephoneNumber]"');
    const users = await allUsers();
    expect(users.find((user) => user.username === 'siv@entra.test')).toMatchObject({ name: 'Siv Ødegård', role: 'User', phone: '+4791234567' });
    expect(users.find((user) => user.username === 'tor@entra.test')).toMatchObject({ name: 'Tor Åsen', role: 'User' });
  });

  it('refuses an empty file, a header-only file and a file without a needed column (exit 2) unless --allow-empty', async () => {
    const empty = await runVarde(admin, ['users', 'import', file('empty.csv', '')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('is empty');
    const headerOnly = file('header-only.csv', 'email;name;role\r\n');
    const refused = await runVarde(admin, ['users', 'import', headerOnly]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('has no rows');
    expect((await runVarde(admin, ['users', 'import', headerOnly, '--allow-empty'])).code).toBe(0);
    const noRole = await runVarde(admin, ['users', 'import', file('no-role.csv', 'email,name,department\nx@norole.test,X,Drift\n')]);
    expect(noRole.code).toBe(2);
    expect(noRole.stderr).toMatch(/line 1: no column for role/);
    expect((await allUsers()).some((user) => user.username === 'x@norole.test')).toBe(false);
    // --allow-empty: a header-only file may lack columns as well (an empty export of another system).
    expect((await runVarde(admin, ['users', 'import', file('other-header.csv', 'id;department\r\n'), '--allow-empty'])).code).toBe(0);
  });

  it('names the line and column of a phone number that cannot be one, and writes nothing; a number without a country code is in the partner\'s country', async () => {
    const mapping = file('mapping.txt', '# HR system columns\nemail=Mail\nname=Full name\nphone=Mobil\n');
    const bad = file('bad-phone.csv', 'Mail;Full name;role;Mobil\nok@phone.test;Ok;User;91234567\nbad@phone.test;Bad;User;12\n');
    const result = await runVarde(admin, ['users', 'import', bad, '--map-file', mapping]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^line 3: phone \(column "Mobil"\): "12" is not a possible phone number/m);
    expect((await allUsers()).some((user) => user.username.endsWith('@phone.test'))).toBe(false);

    // A Swedish partner: 070-123 45 67 is +46701234567.
    const partner = (await cloud.context.realtime.get(`/users/${demoUid('admin')}/mainPartner`)) as string;
    await cloud.context.realtime.set(`/partners/${partner}/defaultCountry`, 'SE');
    try {
      const swedish = file('se-phone.csv', 'Mail;Full name;role;Mobil\nsven@phone.test;Sven Åström;User;070-123 45 67\nnils@phone.test;Nils;User;004791234567\n');
      expect((await runVarde(admin, ['users', 'import', swedish, '--map-file', mapping, '--no-invite'])).code).toBe(0);
      const users = await allUsers();
      expect(users.find((user) => user.username === 'sven@phone.test')!.phone).toBe('+46701234567');
      expect(users.find((user) => user.username === 'nils@phone.test')!.phone).toBe('+4791234567');
    } finally {
      await cloud.context.realtime.set(`/partners/${partner}/defaultCountry`, null);
    }
  });

  it('--json prints one JSON document in a dry run, with wouldCreate; invitations go out unless --no-invite', async () => {
    const people = file('json.csv', 'email\tname\trole\nnew1@json.test\tNy En\tUser\nnew2@json.test\tNy To\tUser\n');
    const plan = await runVarde(admin, ['users', 'import', people, '--dry-run', '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ dryRun: true, rows: 2, wouldCreate: 2, wouldUpdate: 0, unchanged: 0, input: expect.stringContaining('separator tab') });

    const since = Date.now();
    const done = await runVarde(admin, ['users', 'import', people, '--json']);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ dryRun: false, created: 2, invite: true });
    const invitations = (await cloud.context.outbox.list({ since })).filter((message) => message.to.endsWith('@json.test'));
    expect(invitations.map((message) => message.to).sort()).toEqual(['new1@json.test', 'new2@json.test']);
  });
});
