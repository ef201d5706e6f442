import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { COLOUR_RULES, moderateOrWorseViolations } from '../alarms/axeAtModerate.js';
import { savedRoles, signInAs } from '../savedSignIn.js';
import { openByMenu } from '../openByMenu.js';
import { useLanguage } from '../storedLanguage.js';

/**
 * Issue 37's must-show for every role, not only the system admin's (pageFrame.spec.ts walks every page at
 * 1440 and 390 px): each demo role walks its own menu, a site's page and its account page. On no page does
 * the portal ask for something the role may not read (no answer of 400 or more, no error in the console),
 * and axe finds nothing moderate or worse in the light theme (every rule) or the dark one (the rules a
 * colour scheme can change, COLOUR_RULES: a theme swaps colours, not markup). One width: what a role may read
 * does not change with the width, and every page's narrow layout is the system admin's walk's.
 */

/** The role's menu pages (in-app links only), as app paths. */
async function menuPaths(page: Page): Promise<string[]> {
  const links = page.getByTestId('side-menu').locator('a[href]:not([target="_blank"])');
  await expect(links.first()).toBeAttached();
  return links.evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLAnchorElement).href).pathname));
}

async function firstSitePath(page: Page): Promise<string | null> {
  await page.goto('/sites');
  const link = page.getByTestId('site-row').locator('a[href*="/sites/"]').first();
  await expect(link.or(page.getByText(/ingen anlegg/i)).first()).toBeVisible({ timeout: 15_000 });
  return (await link.count()) ? new URL((await link.getAttribute('href'))!, page.url()).pathname : null;
}

/** Every answer of 400 or more and every console error, from the moment the page is made. */
function watchComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) complaints.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(`console: ${message.text()}`);
  });
  return complaints;
}

/**
 * One walk per role: the system admin's is pageFrame.spec.ts; the other partner's admin and user, and the
 * SMS user, have the roles of `admin` and `user` (the partner changes the data, not what the role reads).
 */
const WALKERS = new Set(['admin', 'powerUser', 'user', 'guest', 'viewer']);

for (const { role, email } of savedRoles.filter((entry) => WALKERS.has(entry.role))) {
  test(`${role}'s walk through the menu: nothing refused, nothing in the console, axe clean in both themes`, async ({ page }) => {
    test.setTimeout(240_000);
    const complaints = watchComplaints(page);
    await useLanguage(page, 'no');
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await signInAs(page, '/account-settings', email, DEMO_PASSWORD);
    const sitePage = await firstSitePath(page);
    const paths = [...(await menuPaths(page)), ...(sitePage ? [sitePage] : []), '/account-settings'];

    const problems: string[] = [];
    let seen = 0; // the sign-in's complaints count too
    const takeComplaints = (where: string) => {
      for (const complaint of complaints.slice(seen)) problems.push(`${where}: ${complaint}`);
      seen = complaints.length;
    };
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const path of paths) {
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      await openByMenu(page, path);
      await expect(page.locator('#main-content h1').first(), `${path} shows its title`).toBeVisible({ timeout: 15_000 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
        await page.waitForTimeout(300); // the scheme's variables settle before colours are measured
        const rules = scheme === 'dark' ? COLOUR_RULES : undefined;
        for (const violation of await moderateOrWorseViolations(page, rules)) problems.push(`${path} ${scheme}: ${violation}`);
      }
      // An answer that comes after the next page opens is still reported, named by the next page.
      takeComplaints(path);
    }
    await page.waitForLoadState('networkidle');
    takeComplaints('after the walk');
    expect(problems, `${role} walked ${paths.join(', ')}:\n${problems.join('\n')}`).toEqual([]);
    console.log(`${role}: ${paths.length} pages in 2 themes, clean`);
  });
}
