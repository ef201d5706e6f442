import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { maskPhone } from '../src/auth/credentials.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { manualClock } from './helpers/manualClock.js';
import { TestBrowser, authorizeUrl, discover, formAction, pkcePair, type Discovery } from './oidcBrowser.js';

/** Issue 26, item 8: the provider's SMS step says where the code went (masked) and sends a new one on request, not sooner than 30 s after the last. */
const clock = manualClock();
let cloud: Cloud;
let discovery: Discovery;

beforeAll(async () => {
  cloud = await startCloud({ clock });
  discovery = await discover(`${cloud.url}/cloud/login/v2`);
});
afterAll(async () => {
  await cloud.close();
});

async function smsMessages(phone: string): Promise<{ id: number; body: string }[]> {
  const response = await fetch(`${cloud.url}/cloud/outbox/messages?channel=sms&to=${encodeURIComponent(phone)}`);
  return ((await response.json()) as { data: { id: number; body: string }[] }).data.sort((a, b) => b.id - a.id);
}

it('masks a phone number to its country code and last two digits', () => {
  expect(maskPhone('+4791234567')).toBe('+47 ••••••67');
  expect(maskPhone('+46 70 123 45 67')).toBe('+46 •••••••67');
  expect(maskPhone('91234567')).toBe('••••••67');
});

it('shows the masked number, refuses a new code within 30 s, then sends one that works (the old one does not)', async () => {
  const user = demoUsers.sms;
  const browser = new TestBrowser();
  const { challenge } = pkcePair();
  const login = await browser.navigate(authorizeUrl(discovery, { redirectUri: `${cloud.url}/login/callback`, challenge }));
  const action = new URL(formAction(login.body, '/login'), cloud.url).href;
  const smsPage = await browser.navigate(action, { form: { email: user.email, password: user.password } });
  expect(smsPage.body).toContain('We sent a code by SMS to +47 ••••••67.');
  expect(smsPage.body).not.toContain(user.smsPhone);
  const resend = new URL(formAction(smsPage.body, '/sms/resend'), cloud.url).href;
  const first = (await smsMessages(user.smsPhone))[0]!;

  const early = await browser.request(resend, { form: {} });
  expect(early.status).toBe(429);
  expect(early.body).toMatch(/Wait (30|29) seconds before asking for a new code\./);
  expect((await smsMessages(user.smsPhone))[0]!.id).toBe(first.id);

  clock.advance(31_000);
  const again = await browser.request(resend, { form: {} });
  expect(again.status).toBe(200);
  expect(again.body).toContain('A new code was sent to +47 ••••••67.');
  const second = (await smsMessages(user.smsPhone))[0]!;
  expect(second.id).toBeGreaterThan(first.id);

  const smsAction = new URL(formAction(again.body, '/sms'), cloud.url).href;
  const oldCode = /\b(\d{6})\b/.exec(first.body)![1]!;
  const newCode = /\b(\d{6})\b/.exec(second.body)![1]!;
  if (oldCode !== newCode) expect((await browser.request(smsAction, { form: { code: oldCode } })).status).toBe(401);
  const done = await browser.request(smsAction, { form: { code: newCode } });
  expect(done.status).toBe(303);
});
