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

async function startSmsLogin(): Promise<{ uid: string; code: string; resendTicket: string; smsId: number }> {
  const login = await call(cloud, '/cloud/auth/login', { json: { piscadaId: smsUser.email, password: smsUser.password } });
  expect(login.status).toBe(200);
  expect(login.body).toEqual({ requireSmsValidation: true, uid: expect.any(String), phoneHint: '+47 ••••••67', resendTicket: expect.any(String) });
  const sms = await latestMessageTo(cloud, smsUser.smsPhone);
  expect(sms.channel).toBe('sms');
  const code = codeIn(sms.body);
  return { uid: login.body.uid, code, resendTicket: login.body.resendTicket, smsId: sms.id };
}

function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code).toBeDefined();
  return code!;
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

// Issue 26, item 8: the portal's SMS step says where the code went and can send it again.
test('the SMS answer names the phone masked, never whole, and only after the right password', async () => {
  const raw = await fetch(`${cloud.url}/cloud/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ piscadaId: smsUser.email, password: smsUser.password }),
  });
  const text = await raw.text();
  expect(JSON.parse(text).phoneHint).toBe('+47 ••••••67');
  expect(text).not.toContain(smsUser.smsPhone.slice(3, -2)); // no digit but the last two (91234567 → 67)

  const wrong = await call(cloud, '/cloud/auth/login', { json: { piscadaId: smsUser.email, password: 'not-the-password' } });
  expect(wrong.status).toBe(401);
  expect(JSON.stringify(wrong.body)).not.toMatch(/phoneHint|••/);
});

test('send again: 429 with detail within 30 s, then a new code that signs in (the old one no longer does)', async () => {
  const { uid, code: oldCode, resendTicket, smsId } = await startSmsLogin();

  const early = await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket } });
  expect(early.status).toBe(429);
  expect(early.body.detail).toBe('Wait 30 seconds before asking for a new code.');
  expect(early.headers.get('retry-after')).toBe('30');
  clock.advance(12_000);
  const stillEarly = await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket } });
  expect(stillEarly.status).toBe(429);
  expect(stillEarly.headers.get('retry-after')).toBe('18');
  expect((await latestMessageTo(cloud, smsUser.smsPhone)).id).toBe(smsId);

  clock.advance(18_000);
  const resent = await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket } });
  expect(resent.status).toBe(200);
  expect(resent.body).toEqual({ ok: true, phoneHint: '+47 ••••••67' });
  const sms = await latestMessageTo(cloud, smsUser.smsPhone);
  expect(sms.id).toBeGreaterThan(smsId);
  const newCode = codeIn(sms.body);
  // The 30 s count again from the new code.
  expect((await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket } })).status).toBe(429);

  if (newCode !== oldCode) expect((await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: oldCode } })).status).toBe(401);
  const right = await call(cloud, '/cloud/auth/verifySMS', { json: { uid, smsToken: newCode } });
  expect(right.status).toBe(200);
  // Signed in: the ticket is spent with its challenge.
  clock.advance(31_000);
  expect((await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket } })).status).toBe(401);
});

test('without the pending sign-in\'s ticket no SMS goes out: knowing the uid is not enough', async () => {
  const { uid, resendTicket, smsId } = await startSmsLogin();
  clock.advance(31_000);
  const refusals = [
    await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket: 'guessed-ticket' } }),
    await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket: `${resendTicket.slice(0, -1)}${resendTicket.endsWith('A') ? 'B' : 'A'}` } }),
    await call(cloud, '/cloud/auth/resendSMS', { json: { uid: 'nobody', resendTicket } }),
  ];
  for (const refusal of refusals) {
    expect(refusal.status).toBe(401);
    expect(refusal.body.detail).toBe('No sign-in is waiting for an SMS code here. Sign in again.');
  }
  for (const malformed of [{ uid }, { resendTicket }, { uid, resendTicket: '' }]) {
    const answer = await call(cloud, '/cloud/auth/resendSMS', { json: malformed });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
  }
  expect((await latestMessageTo(cloud, smsUser.smsPhone)).id).toBe(smsId);

  // Once the code has expired the sign-in is over: its ticket sends nothing either.
  clock.advance(5 * 60_000);
  expect((await call(cloud, '/cloud/auth/resendSMS', { json: { uid, resendTicket } })).status).toBe(401);
  expect((await latestMessageTo(cloud, smsUser.smsPhone)).id).toBe(smsId);
});
