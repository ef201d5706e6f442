import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { moderateOrWorseViolations } from '../alarms/axeAtModerate.js';
import { useLanguage } from '../pages/helpers.js';
import { attemptSuffix, failOnDialog, signIn } from '../sites/cloudControls.js';
import { expectLooksRight } from '../users/accessTokensLook.js';

/**
 * Issue 35 in the portal: schedules made, changed and deleted on /oncall (name, zone, layers of people in
 * turn with a hand-off and a length), the cloud's field problems shown at their fields, and an override
 * made by dragging across a schedule's 14-day bar. Build server and portal first.
 * Screens: test-results/screens/oncall-schedule-form-*.png.
 */
const NAME = 'E2E rota';
const FIRST_HANDOFF = '2026-01-05T08:00'; // a Monday, Europe/Oslo

type StoredSchedule = { id: string; name: string; timeZone: string; sites: string[] | null; layers: Array<{ users: string[]; start: string; rotation: string; endTime?: string }>; overrides: Array<{ user: string; from: string; to: string }> };

async function alarmsHeaders(request: APIRequestContext, user: { email: string; password: string } = demoUsers.admin) {
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: user.email, password: user.password } });
  expect(login.ok()).toBe(true);
  const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
  return { authorization: `Bearer ${Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1]}` };
}

async function storedSchedules(request: APIRequestContext): Promise<StoredSchedule[]> {
  const listed = await request.get('/cloud/alarms/oncall/schedules', { headers: await alarmsHeaders(request) });
  return ((await listed.json()) as { data: StoredSchedule[] }).data;
}

/** An earlier attempt's schedule (named `E2E rota…`) goes first: the page and the demo's other specs see the seed's only. */
async function deleteEarlierAttempts(request: APIRequestContext) {
  const headers = await alarmsHeaders(request);
  for (const schedule of await storedSchedules(request)) {
    if (schedule.name.startsWith(NAME)) expect((await request.delete(`/cloud/alarms/oncall/schedules/${schedule.id}`, { headers })).status()).toBe(204);
  }
}

/**
 * Who a weekly rotation of `people` starting Monday 5 January 2026 08:00 in Oslo has on call now, counted
 * on Oslo's calendar and clock (not by the cloud's code): whole weeks since the first hand-off.
 */
function weeklyOnCallNow(people: readonly string[]): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const days = (Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!) - Date.UTC(2026, 0, 5)) / 86_400_000;
  const minutes = days * 1440 + parts['hour']! * 60 + parts['minute']! - 8 * 60;
  return people[Math.floor(minutes / (7 * 1440)) % people.length]!;
}

/** A date `days` from today as YYYY-MM-DD (the browser runs in the machine's zone; a few days' margin makes it unambiguous). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function openOnCall(page: Page, user: { email: string; password: string }, width = 1440) {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width, height: 900 });
  failOnDialog(page);
  await signIn(page, '/oncall', user.email, user.password);
  await expect(page.getByRole('heading', { level: 1, name: 'On call' })).toBeVisible();
}

test('an admin makes a schedule of two layers, sees who is on call, is shown a field the cloud refuses, edits and deletes it', async ({ page, request }) => {
  test.setTimeout(240_000);
  await deleteEarlierAttempts(request);
  const name = `${NAME}${attemptSuffix()}`;
  await openOnCall(page, demoUsers.admin);

  await page.getByRole('button', { name: 'New schedule' }).click();
  const form = page.getByTestId('schedule-form');
  await expect(form.getByRole('heading', { name: 'New schedule' })).toBeFocused();
  // The browser's own zone is proposed.
  await expect(form.getByLabel('Time zone (IANA)')).toHaveValue(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Time zone (IANA)').fill('Europe/Oslo');
  await expect(form.getByText('A later layer wins where layers overlap.')).toBeVisible();

  // Layer 1: weekly, user@ then power@, turned round with the arrow buttons.
  const layer1 = form.getByTestId('schedule-layer').nth(0);
  await layer1.getByLabel('Person (e-mail) (Layer 1)').fill('user@varde.test');
  await layer1.getByLabel('Person (e-mail) (Layer 1)').press('Enter');
  await layer1.getByLabel('Person (e-mail) (Layer 1)').fill('power@varde.test');
  await layer1.getByRole('button', { name: 'Add to layer 1' }).click();
  await layer1.getByRole('button', { name: 'Move power@varde.test up' }).click();
  await expect(layer1.getByTestId('layer-people').locator('li')).toHaveText([/power@varde\.test/, /user@varde\.test/]);
  await layer1.getByLabel('First hand-off (Europe/Oslo)').fill(FIRST_HANDOFF);
  await expect(layer1.getByLabel('Length')).toHaveValue('weekly');

  // Layer 2: admin@ on weekdays from a few days on (a custom RRULE), winning over layer 1 from then.
  await form.getByRole('button', { name: 'Add layer' }).click();
  const layer2 = form.getByTestId('schedule-layer').nth(1);
  await layer2.getByLabel('Person (e-mail) (Layer 2)').fill('admin@varde.test');
  await layer2.getByRole('button', { name: 'Add to layer 2' }).click();
  const layer2Start = `${dayFromNow(4)}T16:00`;
  await layer2.getByLabel('First hand-off (Europe/Oslo)').fill(layer2Start);
  await layer2.getByLabel('Length').selectOption('custom');
  await layer2.getByLabel('RRULE').fill('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  expect(await moderateOrWorseViolations(page)).toEqual([]);
  await expectLooksRight(page, 'oncall-schedule-form');
  await page.setViewportSize({ width: 390, height: 900 });
  await expectLooksRight(page, 'oncall-schedule-form');
  await page.setViewportSize({ width: 1440, height: 900 });
  await form.getByRole('button', { name: 'Save schedule' }).click();

  await expect(page.getByTestId('schedules-notice')).toHaveText(`The schedule “${name}” was saved.`);
  const card = page.getByTestId('schedule').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card.getByTestId('on-call-now')).toContainText(`${weeklyOnCallNow(['power@varde.test', 'user@varde.test'])} until `);
  await expect(card.getByTestId('layers')).toContainText('power@varde.test → user@varde.test');
  await expect(card.getByTestId('layers')).toContainText('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  await expect(card.getByTestId('timeline')).toContainText('admin@varde.test');
  const made = (await storedSchedules(request)).find((schedule) => schedule.name === name)!;
  expect(made).toMatchObject({
    timeZone: 'Europe/Oslo',
    sites: null,
    overrides: [],
    layers: [
      { users: ['power@varde.test', 'user@varde.test'], start: FIRST_HANDOFF, rotation: 'weekly' },
      { users: ['admin@varde.test'], start: layer2Start, rotation: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
    ],
  });

  // An RRULE that never occurs: the cloud's problem is shown at layer 2's RRULE, and the form keeps everything.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByTestId('schedule-form');
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  const editLayer2 = edit.getByTestId('schedule-layer').nth(1);
  await editLayer2.getByLabel('RRULE').fill('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30');
  await edit.getByLabel('Name').fill(`${name} nights`);
  await edit.getByRole('button', { name: 'Save schedule' }).click();
  await expect(edit.getByTestId('schedule-error')).toContainText('The cloud refused the schedule: 1 field needs a change');
  await expect(edit.getByTestId('schedule-error')).toContainText('Layer 2 · RRULE: never occurs');
  await expect(editLayer2.getByTestId('field-problem')).toHaveText('never occurs');
  await expect(editLayer2.getByLabel('RRULE')).toHaveAttribute('aria-invalid', 'true');
  await expect(editLayer2.getByLabel('RRULE')).toHaveAccessibleDescription(/never occurs/);
  await expect(edit.getByLabel('Name')).toHaveValue(`${name} nights`);
  await expect(edit.getByTestId('schedule-layer').nth(0).getByTestId('layer-people').locator('li')).toHaveCount(2);
  expect(await moderateOrWorseViolations(page)).toEqual([]);
  await edit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/oncall-schedule-form-problem-light-1440.png', fullPage: true });
  expect((await storedSchedules(request)).find((schedule) => schedule.id === made.id)!.layers[1]!.rotation).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');

  // Fixed: nights from 16:00 to 08:00 on weekdays; the seed's overrides and sites of this schedule stay as they were.
  await editLayer2.getByLabel('RRULE').fill('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  await editLayer2.getByLabel('Shift ends at (optional)').fill('08:00');
  await edit.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByTestId('schedules-notice')).toHaveText(`The schedule “${name} nights” was saved.`);
  const edited = page.getByTestId('schedule').filter({ has: page.getByRole('heading', { name: `${name} nights`, exact: true }) });
  await expect(edited.getByTestId('layers')).toContainText('Shift ends 08:00');
  expect((await storedSchedules(request)).find((schedule) => schedule.id === made.id)!.layers[1]).toMatchObject({ endTime: '08:00', rotation: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' });

  // An override by drag: pressing and dragging across the bar picks a span; Escape drops it.
  const bar = edited.getByTestId('timeline-bar');
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  const overrideForm = edited.getByTestId('override-form');
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 4 });
  await expect(edited.getByTestId('timeline-selection')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(edited.getByTestId('timeline-selection')).toHaveCount(0);
  await expect(overrideForm.getByLabel('From')).toHaveValue('');

  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, y, { steps: 6 });
  const band = (await edited.getByTestId('timeline-selection').boundingBox())!;
  expect(band.width).toBeGreaterThan(box.width * 0.08);
  await page.screenshot({ path: 'test-results/screens/oncall-timeline-drag-light-1440.png' });
  await page.mouse.up();
  // The form has the span (in the browser's time, on whole or half hours) and the focus is on whom to pick.
  await expect(overrideForm.getByLabel('Who')).toBeFocused();
  await expect(overrideForm.getByLabel('From')).toHaveValue(/T\d{2}:(00|30)$/);
  await expect(overrideForm.getByLabel('To')).toHaveValue(/T\d{2}:(00|30)$/);
  const from = await overrideForm.getByLabel('From').inputValue();
  const to = await overrideForm.getByLabel('To').inputValue();
  // A tenth of 14 days is 33.6 hours; each end moves at most half a step.
  expect(Math.abs(Date.parse(to) - Date.parse(from) - 33.6 * 3_600_000)).toBeLessThanOrEqual(3_600_000);
  await overrideForm.getByLabel('Who').selectOption('user@varde.test');
  await overrideForm.getByRole('button', { name: 'Add override' }).click();
  await expect(edited.getByTestId('schedule-notice')).toHaveText('Override added for user@varde.test.');
  await expect(edited.getByTestId('overrides').locator('li')).toHaveCount(1);
  expect((await storedSchedules(request)).find((schedule) => schedule.id === made.id)!.overrides).toEqual([
    { user: 'user@varde.test', from: new Date(from).toISOString(), to: new Date(to).toISOString() },
  ]);
  await expect(edited.getByTestId('timeline')).toContainText('user@varde.test');

  await edited.getByRole('button', { name: `Delete ${name} nights` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this schedule?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('schedules-notice')).toHaveText(`The schedule “${name} nights” was deleted.`);
  await expect(edited).toHaveCount(0);
  expect((await storedSchedules(request)).some((schedule) => schedule.id === made.id)).toBe(false);
});

test('a drag by touch on a phone fills the override form, and a vertical swipe still scrolls', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useLanguage(page, 'en');
  failOnDialog(page);
  await signIn(page, '/oncall', demoUsers.admin.email, demoUsers.admin.password);
  const card = page.getByTestId('schedule').filter({ has: page.getByRole('heading', { name: 'Driftsvakt Fjordvarme' }) });
  const bar = card.getByTestId('timeline-bar');
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  const touch = await context.newCDPSession(page);
  const finger = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, atY = y) =>
    touch.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: atY }] });
  await finger('touchStart', box.x + box.width * 0.3);
  for (const share of [0.35, 0.4, 0.45, 0.5]) await finger('touchMove', box.x + box.width * share);
  await expect(card.getByTestId('timeline-selection')).toBeVisible();
  await finger('touchEnd', box.x + box.width * 0.5);
  const form = card.getByTestId('override-form');
  await expect(form.getByLabel('From')).toHaveValue(/T\d{2}:00$/);
  await expect(form.getByLabel('To')).toHaveValue(/T\d{2}:00$/);
  // A fifth of 14 days is 67.2 hours (a 390 px bar snaps to whole hours).
  const from = await form.getByLabel('From').inputValue();
  const to = await form.getByLabel('To').inputValue();
  expect(Math.abs(Date.parse(to) - Date.parse(from) - 67.2 * 3_600_000)).toBeLessThanOrEqual(3_600_000);
  await page.screenshot({ path: 'test-results/screens/oncall-timeline-touch-light-390.png' });

  // An upward swipe that starts on the bar scrolls the page (touch-action: pan-y) and picks no new span.
  await bar.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  const start = (await bar.boundingBox())!;
  const x = start.x + start.width * 0.7;
  await finger('touchStart', x, start.y + start.height / 2);
  for (let step = 1; step <= 8; step += 1) await finger('touchMove', x, start.y + start.height / 2 - step * 30);
  await finger('touchEnd', x);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 50);
  await expect(form.getByLabel('From')).toHaveValue(from);
  await context.close();
});

test('a user who may not change schedules sees no editing buttons', async ({ page }) => {
  await openOnCall(page, demoUsers.user, 390);
  await expect(page.getByTestId('schedule').filter({ has: page.getByRole('heading', { name: 'Driftsvakt Fjordvarme' }) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New schedule' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});
