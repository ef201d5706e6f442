import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, latestMessageTo, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** Issue 16: a user created without a password is invited, in their language, for days; resets in theirs too. */
const clock = manualClock();
let cloud: Cloud;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  cloud = await startCloud({ clock });
  // Every user is created at the start: the tests then move the clock by days.
  const admin = bearer((await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['users.localhost']!);
  const create = async (json: Record<string, string>) => expect((await call(cloud, '/cloud/users/users', { headers: admin, json })).status).toBe(201);
  await create({ username: 'ny.bruker@varde.test', name: 'Nora Ny', role: 'User', language: 'no' });
  await create({ username: 'late.reader@varde.test', name: 'Late Reader', role: 'User', language: 'se' });
  await create({ username: 'has.password@varde.test', name: 'Has Password', role: 'User', password: 'own-password-1' });
});
afterAll(() => cloud.close());

const ticketOf = (body: string) => new URLSearchParams(new URL(/(http\S+\/reset-password#\S+)/.exec(body)![1]!).hash.slice(1));
const choose = (params: URLSearchParams, password: string) =>
  call(cloud, '/cloud/auth/resetPassword', { json: { uuid: params.get('uuid'), ticket: params.get('ticket'), password } });

test('an invitation in the new user\'s language works after six days; with a password there is no e-mail', async () => {
  const mail = await latestMessageTo(cloud, 'ny.bruker@varde.test');
  expect(mail.subject).toBe('Du er invitert til Varde');
  expect(mail.body).toContain('Hei Nora Ny');
  expect(mail.body).toContain('Anders Admin har gitt deg en Varde-konto.');
  expect(mail.body).toContain('innen 7 dager');
  expect(await cloud.context.outbox.list({ to: 'has.password@varde.test' })).toEqual([]);

  clock.advance(6 * DAY);
  expect((await choose(ticketOf(mail.body), 'chosen-at-last')).status).toBe(200);
  expect((await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'ny.bruker@varde.test', password: 'chosen-at-last' } })).status).toBe(200);
});

test('an invitation expires after seven days', async () => {
  const mail = await latestMessageTo(cloud, 'late.reader@varde.test');
  expect(mail.subject).toBe('Du är inbjuden till Varde');
  clock.advance(DAY + 1000);
  const late = await choose(ticketOf(mail.body), 'too-late-now');
  expect(late.status).toBe(400);
  expect(late.body.detail).toContain('expired');
});

test('a password-reset e-mail follows the recipient\'s language', async () => {
  const uid = (await signIn(cloud, demoUsers.user.email, demoUsers.user.password)).uid;
  await cloud.context.realtime.set(`/users/${uid}/language`, 'se');
  await call(cloud, '/cloud/auth/requestResetPassword', { json: { email: demoUsers.user.email } });
  expect((await latestMessageTo(cloud, demoUsers.user.email)).subject).toBe('Nytt lösenord till Varde');
});
