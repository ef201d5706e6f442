import { afterAll, beforeAll, expect, test } from 'vitest';
import { listOutboxResponse, serviceHostName } from '@varde/core/contract';
import { sendMessage } from '../src/outbox/sendMessage.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { startSmtpSink } from './helpers/smtpSink.js';

let cloud: Cloud;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
// With SMTP the outbox is never public: these tests read it as the system admin.
let sysadmin: Record<string, string>;
const read = (path: string) => call(cloud, path, { headers: sysadmin });

beforeAll(async () => {
  smtp = await startSmtpSink();
  cloud = await startCloud({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  sysadmin = bearer((await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens[serviceHostName('auth', 'localhost')]!);
});
afterAll(async () => {
  await cloud.close();
  smtp.server.close();
});

test('messages are stored and listed newest first, filtered by recipient, channel and time', async () => {
  const first = await sendMessage(cloud.context, { channel: 'sms', to: '+4790000001', body: 'first' });
  await sendMessage(cloud.context, { channel: 'email', to: 'a@varde.test', subject: 'Hello', body: 'second' });
  await sendMessage(cloud.context, { channel: 'sms', to: '+4790000001', body: 'third' });

  const all = listOutboxResponse.parse((await read('/cloud/outbox/messages')).body).data;
  expect(all.slice(0, 3).map((message) => message.body)).toEqual(['third', 'second', 'first']);
  const toPhone = (await read('/cloud/outbox/messages?to=%2B4790000001')).body.data;
  expect(toPhone.map((message: { body: string }) => message.body)).toEqual(['third', 'first']);
  const emails = (await read('/cloud/outbox/messages?channel=email')).body.data;
  expect(emails.every((message: { channel: string }) => message.channel === 'email')).toBe(true);
  const since = (await read(`/cloud/outbox/messages?since=${first.createdAt + 1_000_000}`)).body.data;
  expect(since).toEqual([]);
  expect((await read('/cloud/outbox/messages?channel=pigeon')).status).toBe(400);
});

test('the outbox page escapes every text', async () => {
  await sendMessage(cloud.context, { channel: 'email', to: '<b>x@varde.test</b>', subject: '<script>alert(1)</script>', body: '<img src=x onerror=alert(2)>' });
  const page = await read('/cloud/outbox');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(page.body).toContain('&lt;img src=x onerror=alert(2)&gt;');
  expect(page.body).not.toContain('<script>');
  expect(page.body).not.toContain('<img');
});

test('e-mail is also delivered over SMTP when an SMTP URL is configured; SMS is not', async () => {
  await sendMessage(cloud.context, { channel: 'sms', to: '+4790000002', body: 'an SMS, not e-mailed' });
  await sendMessage(cloud.context, { channel: 'email', to: 'smtp@varde.test', subject: 'Over the wire', body: 'delivered' });
  await expect.poll(() => smtp.received.find((mail) => mail.includes('Subject: Over the wire'))).toBeDefined();
  const mail = smtp.received.find((received) => received.includes('Subject: Over the wire'))!;
  expect(mail).toContain('delivered');
  expect(mail).toMatch(/To: smtp@varde\.test/);
  expect(smtp.received.some((received) => received.includes('an SMS, not e-mailed'))).toBe(false);
});

test('invitations of users created together (one write batch) are each stored and e-mailed once, a refused create none', async () => {
  const admin = bearer((await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens[serviceHostName('users', 'localhost')]!);
  const create = (username: string) => call(cloud, '/cloud/users/users', { headers: admin, json: { username, name: username, role: 'User' } });
  const invited = ['batch.one@varde.test', 'batch.two@varde.test', 'batch.three@varde.test'];
  // Arriving together they share a batch; the taken address makes it run again with savepoints.
  const statuses = await Promise.all([...invited.map(create), create('admin@varde.test')]);
  expect(statuses.map((response) => response.status)).toEqual([201, 201, 201, 409]);
  const together = await Promise.all(invited.map(create));
  expect(together.map((response) => response.status)).toEqual([409, 409, 409]);
  const more = ['batch.four@varde.test', 'batch.five@varde.test'];
  expect((await Promise.all(more.map(create))).map((response) => response.status)).toEqual([201, 201]);
  for (const to of [...invited, ...more]) {
    await expect.poll(() => smtp.received.filter((mail) => mail.includes(`To: ${to}`)).length).toBe(1);
    expect(await cloud.context.outbox.list({ to })).toHaveLength(1);
  }
});
