import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';
import { failOnDialog } from '../sites/cloudControls.js';

/**
 * Issue 16, "rule tests that tell the truth", in Chromium: an e-mail-only rule is tested as drafted
 * (before it is saved) and its e-mail is found in the outbox; SMS for a user without a phone is
 * warned about and reported as skipped, translated; the delivery log lists the tests.
 */
const admin = demoUsers.admin; // has no phone number
const site = demoSites()[12]!; // the admin, the power user and the SMS user have it; no seeded rules

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
}

async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const answer = await request.get(`/cloud/outbox/messages?to=${encodeURIComponent(to)}`);
  return ((await answer.json()) as { data: OutboxMessage[] }).data;
}

/** Opens `path` signed in as the admin (from the saved sign-in, ../savedSignIn.ts); generous waits, as the machine running the suites is shared. */
async function signIn(page: Page, path: string): Promise<void> {
  await signInAs(page, path, admin.email, admin.password);
  await expect(page).toHaveURL(/\/notifications$/, { timeout: 20_000 });
}

/** Opens the site's rules and a new rule's dialog with the admin picked and a name typed; answers the dialog, the draft's rule id and name. */
async function draftForAdmin(page: Page) {
  await signIn(page, '/notifications');
  const group = page.locator(`[data-site="${site.uuid}"]`);
  await group.locator('[data-action="expand"]').click();
  // The button is disabled until the site's rules have loaded: a click before then opens nothing. Playwright
  // takes a custom element for enabled whatever it holds, so the wait is for Shoelace's reflected attribute.
  await expect(group.locator('[data-action="new-rule"]')).not.toHaveAttribute('disabled');
  await group.locator('[data-action="new-rule"]').click();
  const dialog = page.locator('[data-dialog="rule"]');
  await expect(dialog).toBeVisible();
  await dialog.getByText(admin.email).click();
  const ruleId = (await dialog.locator('[data-field="rule-id"]').textContent())!.trim();
  // Messages name the rule by its name (issue 26): one of this draft's own, to find its messages by.
  const name = `Nattvakt ${ruleId.slice(-6)}`;
  await dialog.locator('[data-input="name"]').fill(name);
  return { group, dialog, ruleId, name };
}

test('desktop: an unsaved e-mail-only rule is tested, its e-mail is in the outbox; SMS without a phone is warned about and skipped; the log shows it', async ({
  page,
  request,
}) => {
  failOnDialog(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { group, dialog, ruleId, name } = await draftForAdmin(page);
  await expect(dialog.locator('label').filter({ hasText: admin.email }).locator('[data-no-phone]')).toHaveText('ingen telefon');

  // E-mail only, not saved: Test sends the e-mail.
  await dialog.locator('[data-channel="mail"]').check();
  await expect(dialog.locator('[data-warning="sms-no-phone"]')).toHaveCount(0);
  await dialog.locator('[data-action="test-rule"]').click();
  const testDialog = page.locator('[data-dialog="test"]');
  const result = testDialog.locator('[data-test-status="200"]');
  await expect(result).toHaveAttribute('data-test-tone', 'success');
  await expect(result.locator('[data-outcome="sent"]')).toContainText(`sendt til ${admin.email}`);
  await expect(result).toContainText('Alle testmeldinger ble sendt (1).');
  const mails = (await outbox(request, admin.email)).filter((message) => message.body.includes(name));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.channel).toBe('email');
  expect(mails[0]!.subject).toContain(`«${name}»`);
  expect(mails[0]!.subject).not.toContain(ruleId);
  await page.screenshot({ path: 'test-results/screens/rules-test-result-desktop.png' });
  await testDialog.locator('[data-action="close-test"]').click();

  // Back in the still open draft: ticking SMS warns that the admin has no phone.
  await expect(dialog).toBeVisible();
  await dialog.locator('[data-channel="sms"]').check();
  const warning = dialog.locator('[data-warning="sms-no-phone"]');
  await expect(warning).toContainText('Ingen SMS kan nå');
  await expect(warning).toContainText(admin.email);
  await page.screenshot({ path: 'test-results/screens/rules-sms-warning-desktop.png' });

  // Tested again: the SMS is skipped with the reason in Norwegian, the e-mail still goes.
  await dialog.locator('[data-action="test-rule"]').click();
  await expect(result).toHaveAttribute('data-test-tone', 'partial');
  const skipped = result.locator('[data-outcome="skipped"]');
  await expect(skipped).toHaveAttribute('data-reason', 'missing-phone-number');
  await expect(skipped).toContainText('ikke sendt: mangler telefonnummer');
  await expect(result).not.toContainText('missing-phone-number');
  await expect(result).toContainText('1 sendt, 1 ikke sendt:');
  expect((await outbox(request, admin.email)).filter((message) => message.body.includes(name))).toHaveLength(2);
  await page.screenshot({ path: 'test-results/screens/rules-test-result-partial-desktop.png' });
  await testDialog.locator('[data-action="close-test"]').click();

  // Saved, its delivery log lists the three tested deliveries, newest first.
  await dialog.locator('[data-action="save"]').click();
  await expect(page.locator('[data-snackbar="success"]')).toHaveText('Regelsett oppdatert!');
  await group.locator(`[data-rule="${ruleId}"] [data-action="log"]`).click();
  const log = page.locator('[data-dialog="log"]');
  const entries = log.locator('[data-log-entry="test"]');
  await expect(entries).toHaveCount(3);
  // The second test's (e-mail, then SMS, as ticked) newest first, then the first test's e-mail.
  await expect(entries.nth(0)).toContainText('ikke sendt: mangler telefonnummer');
  await expect(entries.nth(1)).toContainText(`sendt til ${admin.email}`);
  await expect(entries.nth(2)).toContainText(`sendt til ${admin.email}`);
  await page.screenshot({ path: 'test-results/screens/rules-log-desktop.png' });
  await log.locator('[data-action="close-log"]').click();

  // Leave the site as it was.
  await group.locator('[data-action="delete-all"]').click();
  await page.locator('[data-dialog="confirm"] [data-action="confirm"]').click();
  await expect(group.locator('[data-empty="rules"]')).toBeVisible();
});

test('390 px wide: the test result of a drafted rule fits, sent and skipped readable', async ({ page, request }) => {
  failOnDialog(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const { dialog, name } = await draftForAdmin(page);
  await dialog.locator('[data-channel="mail"]').check();
  await dialog.locator('[data-channel="sms"]').check();
  await expect(dialog.locator('[data-warning="sms-no-phone"]')).toBeVisible();
  await dialog.locator('[data-action="test-rule"]').click();
  const testDialog = page.locator('[data-dialog="test"]');
  const result = testDialog.locator('[data-test-status="200"]');
  await expect(result.locator('[data-outcome="skipped"]')).toContainText('ikke sendt: mangler telefonnummer');
  await expect(result.locator('[data-outcome="sent"]')).toContainText(`sendt til ${admin.email}`);
  const box = await testDialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await outbox(request, admin.email)).filter((message) => message.body.includes(name))).toHaveLength(1);
  await page.screenshot({ path: 'test-results/screens/rules-test-result-mobile.png' });
  await testDialog.locator('[data-action="close-test"]').click();
  await dialog.locator('[data-action="cancel"]').click();
});
