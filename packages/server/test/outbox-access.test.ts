import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName } from '@varde/core/contract';
import { parseCloudArgs } from '../src/cliArgs.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// The outbox holds SMS codes and reset links: whoever reads it can take accounts.
let cloud: Cloud;
const authToken = async (target: Cloud, email: string) =>
  (await signIn(target, email, 'demo1234')).accessTokens[serviceHostName('auth', 'localhost')]!;

beforeAll(async () => {
  cloud = await startCloud({ outbox: 'private' });
});
afterAll(() => cloud.close());

describe('a private outbox (the default)', () => {
  it('refuses anyone not signed in, with the way to open it on a demo machine', async () => {
    await call(cloud, '/cloud/auth/requestResetPassword', { json: { email: 'admin@varde.test' } });
    for (const path of ['/cloud/outbox/messages', '/cloud/outbox/']) {
      const answer = await call(cloud, path);
      expect(answer.status).toBe(401);
      expect(answer.body.detail).toContain('--outbox public');
    }
  });

  it('refuses a signed-in user who is not a system admin, even an admin', async () => {
    const answer = await call(cloud, '/cloud/outbox/messages', { headers: bearer(await authToken(cloud, 'admin@varde.test')) });
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toBe('Only a system admin may read the outbox');
  });

  it("serves a system admin's bearer token and session cookie", async () => {
    const token = await authToken(cloud, 'sysadmin@varde.test');
    const listed = await call(cloud, '/cloud/outbox/messages?to=admin@varde.test', { headers: bearer(token) });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0].body).toContain('reset-password');
    const login = await fetch(`${cloud.url}/cloud/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ piscadaId: 'sysadmin@varde.test', password: 'demo1234' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await call(cloud, '/cloud/outbox/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('admin@varde.test');
  });
});

describe('--outbox public', () => {
  it('opens the outbox to anyone on a demo cloud', async () => {
    const demo = await startCloud({ outbox: 'public' });
    try {
      expect((await call(demo, '/cloud/outbox/messages')).status).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it('is never combined with SMTP delivery', async () => {
    const parsed = parseCloudArgs(['--outbox', 'public', '--smtp', 'smtp://localhost:2525'], {}, '/');
    expect(parsed).toEqual({ kind: 'error', message: expect.stringContaining('--outbox public cannot be combined with --smtp') });
    expect(parseCloudArgs(['--outbox', 'open'], {}, '/')).toEqual({ kind: 'error', message: '--outbox must be private or public, not "open"' });
    const mailing = await startCloud({ outbox: 'public', smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      expect(mailing.context.config.outbox).toBe('private');
      expect((await call(mailing, '/cloud/outbox/messages')).status).toBe(401);
    } finally {
      await mailing.close();
    }
  });
});
