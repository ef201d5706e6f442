import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runInTerminal, runVarde, terminalAvailable } from './helpers/runVarde.js';

/** varde on a real (pseudo-)terminal: prompts, hidden password, tables. Needs util-linux `script`. */
describe.skipIf(!terminalAvailable())('varde on a terminal', () => {
  let cloud: Cloud;

  beforeAll(async () => {
    cloud = await startCloud();
  }, 60_000);

  afterAll(async () => {
    await cloud?.close();
  });

  it('asks for e-mail, password (not echoed) and SMS code, then shows tables', async () => {
    const user = demoUsers.sms;
    const home = createHome(cloud.url);
    const since = Date.now();
    const login = runInTerminal(home, ['login']);
    await login.waitFor('E-mail: ');
    login.type(`${user.email}\r`);
    await login.waitFor('Password: ');
    login.type(`${user.password}\r`);
    await login.waitFor('SMS code sent to your phone: ');

    const outbox = await runVarde(home, ['outbox', '--channel', 'sms', '--to', user.smsPhone, '--since', String(since), '--json']);
    const codeBody = (JSON.parse(outbox.stdout) as Array<{ body: string }>)[0]?.body ?? '';
    const code = /\b(\d{6})\b/.exec(codeBody)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    login.type(`${code}\r`);

    const result = await login.done;
    expect(result.code, result.output).toBe(EXIT.ok);
    expect(result.output).toContain(`Signed in to ${cloud.url} as ${user.name} <${user.email}> (profile default)`);
    expect(result.output).not.toContain(user.password);

    const whoami = await runInTerminal(home, ['whoami']).done;
    expect(whoami.code).toBe(EXIT.ok);
    expect(whoami.output).toMatch(new RegExp(`^Name: +${user.name}\\r?$`, 'm'));
    expect(whoami.output).toMatch(new RegExp(`^E-mail: +${user.email.replace('.', '\\.')}\\r?$`, 'm'));

    const table = await runInTerminal(home, ['outbox', '--channel', 'sms', '--to', user.smsPhone]).done;
    expect(table.code).toBe(EXIT.ok);
    const [header, firstRow] = table.output.split(/\r?\n/);
    expect(header).toMatch(/^ID +SENT +CHANNEL +TO +SUBJECT +BODY$/);
    // The same message the JSON listed, in the user's stored language (the table may cut a long body).
    expect(firstRow).toContain(codeBody.slice(0, 30));
  });
});
