import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { call, latestMessageTo, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const clock = manualClock();
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(() => cloud.close());

/** Requests a reset and reads uuid and ticket from the link in the e-mail, as the portal's page does. */
async function requestReset(email: string): Promise<{ uuid: string; ticket: string; link: string }> {
  const request = await call(cloud, '/cloud/auth/requestResetPassword', { json: { email } });
  expect(request.status).toBe(200);
  expect(request.body).toEqual({ ok: true });
  const mail = await latestMessageTo(cloud, email);
  expect(mail.channel).toBe('email');
  const link = /(http\S+\/reset-password#\S+)/.exec(mail.body)?.[1];
  expect(link).toBeDefined();
  const params = new URLSearchParams(new URL(link!).hash.slice(1));
  return { uuid: params.get('uuid')!, ticket: params.get('ticket')!, link: link! };
}

test('reset password round trip through the outbox; the used ticket is refused', async () => {
  const user = demoUsers.user;
  const { uuid, ticket, link } = await requestReset(user.email);
  expect(link.startsWith(`${cloud.url}/reset-password#uuid=`)).toBe(true);
  const before = await signIn(cloud, user.email, user.password);
  expect(uuid).toBe(before.uid);

  const reset = await call(cloud, '/cloud/auth/resetPassword', { json: { uuid, ticket, password: 'a-new-password' } });
  expect(reset.status).toBe(200);
  expect(reset.body).toEqual({ ok: true });

  const oldPassword = await call(cloud, '/cloud/auth/login', { json: { piscadaId: user.email, password: user.password } });
  expect(oldPassword.status).toBe(401);
  expect(oldPassword.body.detail).toBe('Wrong username or password');
  await signIn(cloud, user.email, 'a-new-password');

  const reused = await call(cloud, '/cloud/auth/resetPassword', { json: { uuid, ticket, password: 'yet-another-one' } });
  expect(reused.status).toBe(400);
  expect(reused.body.detail).toMatch(/already been used/);
});

test('of two uses of one ticket at once, only one sets a password', async () => {
  const { uuid, ticket } = await requestReset(demoUsers.partnerAdmin.email);
  const use = (password: string) => call(cloud, '/cloud/auth/resetPassword', { json: { uuid, ticket, password } });
  const answers = await Promise.all([use('first-new-password'), use('second-new-password')]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  const won = answers[0]!.status === 200 ? 'first-new-password' : 'second-new-password';
  await signIn(cloud, demoUsers.partnerAdmin.email, won);
});

test('an expired ticket is refused', async () => {
  const { uuid, ticket } = await requestReset(demoUsers.guest.email);
  clock.advance(60 * 60_000 + 1);
  const late = await call(cloud, '/cloud/auth/resetPassword', { json: { uuid, ticket, password: 'a-new-password' } });
  expect(late.status).toBe(400);
  expect(late.body.detail).toMatch(/expired/);
});

test('an unknown ticket, or a ticket of another user, is refused', async () => {
  const { ticket } = await requestReset(demoUsers.viewer.email);
  const other = await signIn(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password);
  for (const body of [
    { uuid: other.uid, ticket, password: 'a-new-password' },
    { uuid: other.uid, ticket: 'made-up', password: 'a-new-password' },
  ]) {
    const answer = await call(cloud, '/cloud/auth/resetPassword', { json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/not valid/);
  }
});

test('a short new password is refused with the spec text', async () => {
  const { uuid, ticket } = await requestReset(demoUsers.partnerUser.email);
  const answer = await call(cloud, '/cloud/auth/resetPassword', { json: { uuid, ticket, password: 'short' } });
  expect(answer.status).toBe(400);
  expect(answer.body.detail).toContain('Password must be at least 8 characters');
});

test('requests for unknown addresses look the same and send nothing; malformed ones are 400', async () => {
  const unknown = await call(cloud, '/cloud/auth/requestResetPassword', { json: { email: 'nobody@varde.test' } });
  expect(unknown.status).toBe(200);
  expect(unknown.body).toEqual({ ok: true });
  const sent = await call(cloud, '/cloud/outbox/messages?to=nobody%40varde.test');
  expect(sent.body.data).toEqual([]);
  const malformed = await call(cloud, '/cloud/auth/requestResetPassword', { json: { email: 'not-an-address' } });
  expect(malformed.status).toBe(400);
});
