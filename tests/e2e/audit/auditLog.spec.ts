import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAtProvider, useLanguage } from '../pages/helpers.js';
import { expectLooksRight } from '../users/accessTokensLook.js';

/**
 * Issue 36: the audit log in administration. Changes made over the API come back on the page newest
 * first, filtered by who and kind, a page at a time, and as a CSV file; the page is for admins. Build
 * server and portal first.
 */

async function usersToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/cloud/auth/login', { data: { piscadaId: email, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(200);
  const tokens = ((await answer.json()) as { accessTokens: Record<string, string> }).accessTokens;
  return Object.entries(tokens).find(([host]) => host.startsWith('users.'))![1];
}

async function uidOf(request: APIRequestContext, token: string, email: string): Promise<string> {
  const answer = await request.get(`/cloud/users/users?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { data: { uid: string }[] }).data[0]!.uid;
}

test('an admin reads who changed what, filters by who and kind, pages back and forth and exports CSV', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await usersToken(request, demoUsers.admin.email);
  // A user of this attempt's own, so that its records are exactly the ones made here (a retry in the same
  // cloud would otherwise find the earlier attempt's records too, and a third page).
  const stamp = Date.now();
  const email = `audited.${stamp}@varde.test`;
  const created = await request.post('/cloud/users/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { username: email, name: `Gunnar ${stamp}`, role: 'Guest', invite: false },
  });
  expect(created.status()).toBe(201);
  const subject = await uidOf(request, token, email);
  // Enough changes of one user for more than one page (50 a page).
  for (let n = 1; n <= 55; n += 1) {
    const renamed = await request.patch(`/cloud/users/users/${subject}`, { headers: { authorization: `Bearer ${token}` }, data: { name: `Gunnar ${stamp} ${n}` } });
    expect(renamed.status()).toBe(200);
  }

  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/administrate/audit-log');
  await signInAtProvider(page, demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
  await expect(page.getByTestId('admin-tab-audit-log')).toHaveAttribute('aria-current', 'page');
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();

  // Who and kind: only that user's records, newest first (the last rename on top).
  const filters = page.getByTestId('audit-filters');
  await filters.getByLabel('Who', { exact: true }).fill(email);
  await filters.getByLabel('Kind').selectOption({ label: 'Users' });
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`Gunnar ${stamp}`);
  await expect(rows.first()).toContainText('user.update');
  await expect(rows.first()).toContainText(demoUsers.admin.email);
  await expectLooksRight(page, 'audit-log');

  // The next page holds the rest; back again shows the first.
  await page.getByTestId('audit-older').click();
  await expect(page.getByText('Page 2')).toBeVisible();
  const second = await rows.count();
  expect(second).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('audit-older')).toBeDisabled();
  await page.getByTestId('audit-newer').click();
  await expect(rows).toHaveCount(50);

  // The CSV holds every record the filters match, with its header.
  const download = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const file = await (await download).path();
  const csv = readFileSync(file!, 'utf8').replace(/^\ufeff/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('at,partnerId,actorKind,actorId,actorEmail,tokenId,address,userAgent,action,objectKind,objectId,summary');
  expect(lines.length - 1).toBe(50 + second);
  expect(lines[1]).toContain('user.update');
  await expect(page.getByTestId('audit-notice')).toHaveText(`Exported ${50 + second} records.`);

  // A phone: the table becomes cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectLooksRight(page, 'audit-log');
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the audit log is not for someone who is no admin', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/administrate/audit-log');
  await signInAtProvider(page, demoUsers.powerUser.email, DEMO_PASSWORD);
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Audit log');
});
