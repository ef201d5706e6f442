import { expect, test, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { adminControls, attemptSuffix, failOnDialog, signIn } from '../sites/cloudControls.js';

/**
 * Issue 37, item 3: the alarm table by keyboard alone. Focus moves into the dialog when it opens and back
 * to the row (or the bulk button) when it closes, never to body; arrows move between rows, Enter opens,
 * K acknowledges. Focus is checked at every step.
 */
const user = demoUsers.user;

/** What has focus, through open shadow roots (a Shoelace button's host): its tag and data attributes. */
function focused(page: Page) {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    // Into shadow roots, but a Shoelace element (its inner button) counts as itself.
    while (element?.shadowRoot?.activeElement && !element.tagName.startsWith('SL-')) element = element.shadowRoot.activeElement;
    const host = element as HTMLElement | null;
    return {
      tag: host?.tagName.toLowerCase() ?? null,
      alarmId: host?.dataset.alarmId ?? null,
      action: host?.dataset.action ?? null,
      part: host?.getAttribute('part') ?? null,
      inDialog: host?.closest('[data-dialog="alarm"]') !== null && host !== null,
    };
  });
}

test('open, acknowledge and close by keyboard; focus into the dialog and back to the row; arrows and K in the table', async ({ page, request }) => {
  const controls = await adminControls(request);
  await controls.pause();
  const site = (await controls.sitesOf(user.email, user.password)).find((item) => item.webpmpReady === true)!;
  // Newest first: the last raised is the top row. Tags of this attempt's own (a retry's raise of the same
  // tag would re-trigger the alarm the earlier attempt acknowledged, history and all).
  const lowerTag = `KEY-2${attemptSuffix()}`;
  const lower = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: lowerTag, text: 'Nedre rad' });
  const top = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: `KEY-1${attemptSuffix()}`, text: 'Øverste rad' });
  failOnDialog(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/alarms', user.email, user.password);
  const rowOf = (id: string) => page.locator(`[part="row"][data-alarm-id="${id}"]`);
  await expect(rowOf(top.id)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[part="keys"]')).toHaveText('Taster: ↑ ↓ flytter mellom alarmene, Enter åpner en, K kvitterer den.');

  // The first row takes focus; arrows move down and up.
  await page.locator('[part="row"]').first().focus();
  expect((await focused(page)).alarmId).toBe(top.id);
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).alarmId).toBe(lower.id);
  await page.keyboard.press('ArrowUp');
  expect((await focused(page)).alarmId).toBe(top.id);

  // Enter opens: focus is in the dialog, on the comment.
  await page.keyboard.press('Enter');
  const dialog = page.locator('[data-dialog="alarm"]');
  await expect(dialog).toHaveAttribute('open', '');
  await expect.poll(async () => (await focused(page)).part).toBe('comment');
  // Shoelace's own close button speaks the page's language (issue 37, item 6), not "Close".
  await expect(dialog.locator('[part="close-button"]')).toHaveAttribute('label', 'Lukk');
  await page.keyboard.type('Sjekket fra tastaturet');
  // Tab to Kvitter, Enter acknowledges; focus moves to Lukk (the button it was on is now disabled).
  await page.keyboard.press('Tab');
  expect((await focused(page)).action).toBe('acknowledge');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('alarm-state')).toHaveText(`Kvittert av ${user.email}`);
  await expect.poll(async () => (await focused(page)).action).toBe('close');
  await page.screenshot({ path: 'test-results/screens/alarm-keyboard-acknowledged-1440.png' });

  // Escape closes; focus is back on the row that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).alarmId).toBe(top.id);
  await expect(rowOf(top.id)).toHaveAttribute('data-acked', 'true');

  // K on the next row acknowledges it without a dialog; focus stays on it.
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).alarmId).toBe(lower.id);
  await page.keyboard.press('k');
  await expect(rowOf(lower.id)).toHaveAttribute('data-acked', 'true');
  await expect(page.getByTestId('alarm-notice')).toHaveText(`${site.name} ${lowerTag} kvittert.`);
  expect((await focused(page)).alarmId).toBe(lower.id);
  expect((await request.get(`/cloud/outbox/messages`)).ok()).toBe(true);
});

test('a bulk acknowledgement by keyboard: focus into its dialog, back to the bulk button on Escape, to the first row after it is done', async ({ page, request }) => {
  const controls = await adminControls(request);
  await controls.pause();
  const site = (await controls.sitesOf(user.email, user.password)).find((item) => item.webpmpReady === true)!;
  const second = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'C', tagName: `BULK-KEY-2${attemptSuffix()}` });
  const first = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'C', tagName: `BULK-KEY-1${attemptSuffix()}` });
  failOnDialog(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/alarms', user.email, user.password);
  const rowOf = (id: string) => page.locator(`[part="row"][data-alarm-id="${id}"]`);
  await expect(rowOf(first.id)).toBeVisible({ timeout: 15_000 });

  // Each row's checkbox is the next Tab stop after the row; Space ticks it.
  for (const alarm of [first, second]) {
    await rowOf(alarm.id).focus();
    await page.keyboard.press('Tab');
    expect((await focused(page)).part).toBe('row-select');
    await page.keyboard.press('Space');
  }
  const bulk = page.locator('[part="bulk-acknowledge"]');
  await expect(bulk).toHaveText('Kvitter valgte (2)');
  // From the search field: Tab past the state filter to the bulk button.
  await page.locator('[part="search"]').focus();
  await page.keyboard.press('Tab');
  expect((await focused(page)).part).toBe('state-filter');
  await page.keyboard.press('Tab');
  expect((await focused(page)).part).toBe('bulk-acknowledge');
  await page.keyboard.press('Enter');
  const dialog = page.locator('[data-dialog="alarm"]');
  await expect(dialog).toHaveAttribute('open', '');
  await expect.poll(async () => (await focused(page)).part).toBe('comment');

  // Escape: back on the bulk button, the selection kept.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).part).toBe('bulk-acknowledge');
  await expect(bulk).toHaveText('Kvitter valgte (2)');

  // Again, and acknowledged: the dialog closes, focus lands on the first acknowledged row, not body.
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).part).toBe('comment');
  await page.keyboard.press('Tab');
  expect((await focused(page)).action).toBe('acknowledge');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('alarm-notice')).toHaveText('2 alarmer kvittert.');
  await expect.poll(async () => (await focused(page)).alarmId).toBe(first.id);
});
