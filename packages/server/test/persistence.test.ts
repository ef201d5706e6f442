import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createCloud, type Cloud } from '../src/cloud.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';

const dir = mkdtempSync(join(tmpdir(), 'varde-cloud-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Tokens name their issuer (the public origin), so the restart keeps the port, as a real deployment does.
const start = (port = 0) => createCloud({ port, storage: { kind: 'directory', dir }, seed: 'demo', outbox: 'public' });

test('--data: state survives a restart, tokens stay valid, the demo seed is not repeated', async () => {
  const first = await start();
  const session = await signIn(first, demoUsers.admin.email, demoUsers.admin.password);
  const cookieAnswer = await call(first, '/cloud/auth/login', {
    json: { piscadaId: demoUsers.viewer.email, password: demoUsers.viewer.password },
  });
  const cookie = cookieAnswer.headers.get('set-cookie')!.split(';')[0]!;
  // A change made before the restart: a new password through the reset flow.
  await call(first, '/cloud/auth/requestResetPassword', { json: { email: demoUsers.guest.email } });
  const mail = (await call(first, `/cloud/outbox/messages?to=${encodeURIComponent(demoUsers.guest.email)}`)).body.data[0];
  const params = new URLSearchParams(new URL(/(http\S+)/.exec(mail.body)![1]!).hash.slice(1));
  await call(first, '/cloud/auth/resetPassword', {
    json: { uuid: params.get('uuid'), ticket: params.get('ticket'), password: 'changed-before-restart' },
  });
  const countSites = (cloud: Cloud) => cloud.context.db.selectFrom('sites').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const sitesBefore = await countSites(first);
  const kid = first.context.keys.kid;
  await first.close();

  const second = await start(first.port);
  // fetch keeps connections alive per origin and would reuse one the first server closed: reach the
  // restarted cloud by another name of the same address, so the client opens fresh connections.
  const client = { url: `http://127.0.0.1:${second.port}` };
  try {
    expect(second.context.keys.kid).toBe(kid);
    expect(await countSites(second)).toEqual(sitesBefore);
    // The access token minted before the restart is still accepted.
    const sites = await call(client, '/cloud/controllers-api/controllers', {
      headers: bearer(session.accessTokens['controllers-api.localhost']!),
    });
    expect(sites.status).toBe(200);
    expect(sites.body.data).toHaveLength(30);
    // So is the browser session, and the profile in the realtime tree is still there.
    const info = await call(client, '/cloud/auth/session/userinfo', { method: 'POST', headers: { cookie } });
    expect(info.status).toBe(200);
    expect(info.body.user.name).toBe(demoUsers.viewer.name);
    // The new password, and the outbox, were kept.
    await signIn(client, demoUsers.guest.email, 'changed-before-restart');
    const outbox = await call(client, `/cloud/outbox/messages?to=${encodeURIComponent(demoUsers.guest.email)}`);
    expect(outbox.body.data).toHaveLength(1);
  } finally {
    await second.close();
  }
});
