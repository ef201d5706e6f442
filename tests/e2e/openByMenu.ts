import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` in a portal that is already up the way a person does: by its menu entry when the side menu
 * has one (on a phone through the drawer, which closes once the entry is followed), else by its address.
 * The walks over every page use it: a page load costs the browser about a second of CPU (the portal's
 * boot and its silent sign-in), following a menu entry about a fifth of that, and a whole page load of
 * every page is what each page's own suite does.
 */
export async function openByMenu(page: Page, path: string): Promise<void> {
  const entry = page.getByTestId('side-menu').locator(`a[href="${path}"]:not([target="_blank"])`).first();
  if (!(await entry.count())) {
    await page.goto(path);
    return;
  }
  const drawer = !(await entry.isVisible());
  if (drawer) await page.getByTestId('drawer-toggle').click();
  await entry.click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  if (drawer) await expect(page.getByTestId('drawer-toggle')).toHaveAttribute('aria-expanded', 'false');
}
