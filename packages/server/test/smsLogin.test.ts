import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedIn } from '@varde/core/contract';
import { demoUsers } from '../src/seed/demoUsers.js';
import { call, latestMessageTo } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const smsUser = demoUsers.sms;
const clock = manualClock();
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(() => cloud.close());

async function startSmsLogin(): Promise<{ uid: string; code: string }> {
  const login = await call(cloud, '/cloud/auth/login', { json: { piscadaId: smsUser.email, password: smsUser.password } });
  expect(login.status).toBe(200);
  expect(login.body).toEqual({ requireSmsValidation: true, uid: expect.any(String) });
  const sms = await latestMessageTo(cloud, smsUser.smsPhone);
  expect(sms.channel).toBe('sms');
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
  expect(code).toBeDefined();
  return { uid: login.body.uid, code: code! };
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

test('password, then the SMS code read from the outbox, signs in', async () => {
  const { uid, code } = await startSmsLogin();
  const wrong = await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: otherCode(code) } });
  expect(wrong.status).toBe(401);
  expect(wrong.body.detail).toBe('Wrong sms token');

  const right = await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: code } });
  expect(right.status).toBe(200);
  const body = signedIn.parse(right.body);
  expect(body.uid).toBe(uid);
  expect(body.user.email).toBe(smsUser.email);
  expect(right.headers.get('set-cookie')).toMatch(/^varde_session=/);

  // A code works once.
  const again = await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: code } });
  expect(again.status).toBe(408);
});

test('an expired code answers 408', async () => {
  const { uid, code } = await startSmsLogin();
  clock.advance(5 * 60_000 + 1);
  const late = await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: code } });
  expect(late.status).toBe(408);
  expect(typeof late.body.detail).toBe('string');
});

test('after 5 wrong codes even the right one is refused: sign in again', async () => {
  const { uid, code } = await startSmsLogin();
  for (let attempt = 0; attempt < 5; attempt++) {
    const wrong = await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: otherCode(code) } });
    expect(wrong.status).toBe(401);
  }
  const right = await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: code } });
  expect(right.status).toBe(408);
});

test('a malformed request answers 400', async () => {
  for (const body of [{ uid: 'x' }, { smsToken: '123456' }, { uid: 1, smsToken: 2 }, {}]) {
    const answer = await call(cloud, '/cloud/auth/verifySMS', { json: body });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
  }
});

test('a code for an account that never asked for one is expired, not an error', async () => {
  const answer = await call(cloud, '/cloud/auth/verifySMS', { json: { uid: 'nobody', smsToken: '123456' } });
  expect(answer.status).toBe(408);
});
