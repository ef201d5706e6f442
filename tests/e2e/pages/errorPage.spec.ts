import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { expectNoSeriousA11yViolations } from './helpers.js';
import { signInAs } from '../savedSignIn.js';

/** /webpmperror?status&site_id: the status table in the UI's language (Norwegian by default), the site name. */

const SITE = demoSites()[0]!;

const TABLE = [
  { status: '502', title: 'Ugyldig svar fra gateway', description: 'Anlegget kjører ikke i skyen, eller anleggets ID finnes ikke.' },
  { status: '504', title: 'Tidsavbrudd i gateway', description: 'Anlegget er ikke koblet til skyen.' },
  { status: '500', title: 'Intern serverfeil', description: 'Det oppstod en serverfeil.' },
  { status: '418', title: 'Ukjent serverfeil', description: 'Det oppstod en ukjent feil.' },
];

test('every status shows its code, Norwegian title and description, and the site name', async ({ page }) => {
  await signInAs(page, `/webpmperror?status=502&site_id=${SITE.uuid}`, demoUsers.systemAdmin.email, DEMO_PASSWORD);

  for (const row of TABLE) {
    await page.goto(`/webpmperror?status=${row.status}&site_id=${SITE.uuid}`);
    await expect(page.getByTestId('error-code')).toHaveText(row.status);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.title);
    await expect(page.getByTestId('error-description')).toHaveText(row.description);
    await expect(page.getByTestId('error-site')).toHaveText(`Anlegg: ${SITE.name}`);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/webpmperror?status=502&site_id=${SITE.uuid}`);
  await expect(page.getByTestId('error-site')).toContainText(SITE.name);
  await page.screenshot({ path: 'test-results/screens/pages-error-desktop.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/pages-error-390.png', fullPage: true });
});

test('a site the user may not see is not named; odd statuses fall back to the unknown error', async ({ page }) => {
  // The guest sees only a few sites; the last seeded site is not among them.
  const hidden = demoSites().at(-1)!;
  await signInAs(page, `/webpmperror?status=<b>oops</b>&site_id=${hidden.uuid}`, demoUsers.guest.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ukjent serverfeil');
  await expect(page.getByTestId('error-code')).toHaveCount(0);
  await expect(page.getByTestId('error-site')).toHaveText('Anlegg: Ukjent anlegg');
  await expect(page.getByText(hidden.name)).toHaveCount(0);
});
