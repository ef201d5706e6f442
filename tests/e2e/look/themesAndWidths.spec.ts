import { expect, test, type Page } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from '../shell/shellHelpers.js';
import { sidewaysOverflow } from './axeHelpers.js';
import { signInAs } from '../savedSignIn.js';
import { openByMenu } from '../openByMenu.js';

/**
 * Issue 26, items 1 and 2: every page of the portal in the light and the dark theme (the system's
 * choice, which the portal follows until the user chooses), at 1440 and 390 px: no page scrolls sideways
 * on a phone, and every alarm row fits it. axe on these pages, both themes and widths, at moderate and
 * worse, is look/pageFrame.spec.ts's (the system admin's walk) and look/roleWalks.spec.ts's (every other
 * role). One sweep: each page opens once per width (by its menu entry when it has one, openByMenu.ts)
 * and is seen in both themes (the scheme follows the system live). Screens of sites, site page, alarms,
 * map and rules land in test-results/screens/look-*.png.
 */
const SHOTS = 'test-results/screens';

interface PageCase {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** What shows once the page has its content. */
  ready: (page: Page) => ReturnType<Page['locator']>;
  screenshot?: boolean;
  /** More to check at 390 px; returns the problems found. */
  onPhone?: (page: Page) => Promise<string[]>;
}

/** Item 2: on a phone every alarm row shows class, tag, description, site, time and state, none cut off at the side. */
async function alarmRowsFitThePhone(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const width = page.viewportSize()!.width;
  const scroller = page.locator('.varde-alarm-table__scroller');
  const sideways = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
  if (sideways > 0) problems.push(`alarms: the table scrolls sideways by ${sideways} px`);
  const rows = page.locator('.varde-alarm-table__row--body');
  for (const index of [0, 1, 2]) {
    for (const cell of ['class', 'tag', 'text', 'site', 'time', 'state']) {
      const box = await rows.nth(index).locator(`[data-cell="${cell}"]`).boundingBox();
      const text = (await rows.nth(index).locator(`[data-cell="${cell}"]`).innerText()).trim();
      if (!box || box.width < 8 || box.x < 0 || box.x + box.width > width + 0.5 || !text) {
        problems.push(`alarms row ${index}: ${cell} is not wholly on screen (${JSON.stringify(box)}, "${text}")`);
      }
    }
  }
  return problems;
}

const firstSitePath = async (page: Page) => {
  await page.goto('/sites');
  const link = page.getByTestId('site-row').locator('a[href*="/sites/"]').first();
  await expect(link).toBeVisible();
  return new URL((await link.getAttribute('href'))!, page.url()).pathname;
};

const PAGES: PageCase[] = [
  { name: 'sites', path: '/sites', ready: (page) => page.getByTestId('site-row').first(), screenshot: true },
  { name: 'site-page', path: firstSitePath, ready: (page) => page.locator('.varde-site-page h1, .varde-site-page h2').first(), screenshot: true },
  // Ready once the first row has its description: once, under load, the page opened from the menu was
  // measured while the first row's description was still empty (CI run of bf54de2; passed on its retry).
  { name: 'alarms', path: '/alarms', ready: (page) => page.locator('.varde-alarm-table__row--body [data-cell="text"]').first().filter({ hasText: /\S/ }), screenshot: true, onPhone: alarmRowsFitThePhone },
  { name: 'map', path: '/alarms/map', ready: (page) => page.locator('.varde-alarm-map__dot, .varde-alarm-map__cluster').first(), screenshot: true },
  { name: 'rules', path: '/notifications', ready: (page) => page.locator('.varde-rule-editor').first(), screenshot: true },
  { name: 'search', path: '/searchpage', ready: (page) => page.locator('.varde-tag-search').first() },
  { name: 'users', path: '/administrate', ready: (page) => page.locator('.varde-user-admin').first() },
  { name: 'service-accounts', path: '/administrate/service-accounts', ready: (page) => page.getByTestId('new-service-account') },
  { name: 'licenses', path: '/licenses', ready: (page) => page.locator('.varde-licenses').first() },
  { name: 'functions', path: '/cloud-functions', ready: (page) => page.locator('.varde-cloud-functions').first() },
  { name: 'apps', path: '/cloud-apps', ready: (page) => page.locator('.varde-cloud-apps').first() },
  { name: 'ml', path: '/ml-explorer', ready: (page) => page.locator('.varde-ml-explorer').first() },
  { name: 'account', path: '/account-settings', ready: (page) => page.getByTestId('create-token-form') },
];

const WIDTHS = [
  { label: '1440', width: 1440, height: 900 },
  { label: '390', width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`every page at ${size.label} px, light and dark, does not scroll sideways`, async ({ page }) => {
    test.setTimeout(240_000);
    await useLanguage(page, 'no');
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ colorScheme: 'light' });
    await signInAs(page, '/sites', demoUsers.systemAdmin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/sites$/);

    const problems: string[] = [];
    for (const pageCase of PAGES) {
      const path = typeof pageCase.path === 'string' ? pageCase.path : await pageCase.path(page);
      await page.emulateMedia({ colorScheme: 'light' });
      await openByMenu(page, path);
      await expect(pageCase.ready(page), `${pageCase.name} shows its content`).toBeVisible({ timeout: 15_000 });
      if (size.width < 600 && pageCase.onPhone) problems.push(...(await pageCase.onPhone(page)));
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
        // Let transitions and lazily loaded tokens settle before measuring.
        await page.waitForTimeout(300);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`${pageCase.name} ${scheme} ${size.label}: the page scrolls sideways by ${overflow} px`);
        if (pageCase.screenshot) await page.screenshot({ path: `${SHOTS}/look-${pageCase.name}-${scheme}-${size.label}.png` });
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('the theme follows the system until chosen in the account menu, and the choice survives a reload', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, '/sites', demoUsers.user.email, DEMO_PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
  // A widget's own ground follows too (Shoelace's dark tokens): the site list's rows are not white.
  await expect(page.getByTestId('site-row').first()).toBeVisible();
  const rowGround = () => page.getByTestId('site-row').first().evaluate((row) => {
    let node: Element | null = row;
    while (node && getComputedStyle(node).backgroundColor === 'rgba(0, 0, 0, 0)') node = node.parentElement;
    return node ? getComputedStyle(node).backgroundColor : '';
  });
  expect(await rowGround()).not.toBe('rgb(255, 255, 255)');

  await page.getByTestId('account-button').click();
  await page.getByTestId('theme-choice').locator('[data-preference="light"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');
  await page.reload();
  await expect(page.getByTestId('site-row').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');

  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('theme-choice').locator('[data-preference="light"]')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('theme-choice').locator('[data-preference="system"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
});
