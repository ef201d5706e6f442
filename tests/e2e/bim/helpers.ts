import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';
import { useLanguage } from '../storedLanguage.js';
import { demoBimSite } from '../../../packages/server/src/seed/demoBim.js';
import { DEMO_BUILDING_NAME, demoBuilding } from '../../../packages/server/src/bim/ifc/demoBuilding.js';

export const admin = demoUsers.admin;
export const bimSite = demoBimSite();
export { DEMO_BUILDING_NAME, demoBuilding };
export const CSV_HEADER = 'bim_guid,bim_name,bim_description,controller_id,building,tag,description,substation';
const cliPath = fileURLToPath(new URL('../../../packages/cli/dist/varde.js', import.meta.url));
const port = Number(process.env.VARDE_E2E_PORT ?? 8199);

/** Opens /bim signed in as the admin (English texts unless asked), from the saved sign-in (../savedSignIn.ts). */
export async function signInToBim(page: Page, language: 'no' | 'en' = 'en'): Promise<void> {
  await useLanguage(page, language);
  await signInAs(page, '/bim', admin.email, admin.password);
  await expect(page).toHaveURL(/\/bim$/);
}

export async function chooseBuilding(page: Page, name: string): Promise<void> {
  await page.locator(`[data-building="${name}"]`).click();
  await expect(page.locator(`[data-building="${name}"]`)).toHaveAttribute('aria-current', 'true');
}

/** A CSV file in a fresh temporary folder. */
export function csvFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'varde-e2e-bim-')), name);
  writeFileSync(path, text);
  return path;
}

/** Runs the built CLI (packages/cli/dist) against the suite's cloud, in a home of its own; stdin for secrets. */
export function cliRunner() {
  const home = mkdtempSync(join(tmpdir(), 'varde-e2e-bim-cli-'));
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: join(home, 'config'), VARDE_CLOUD: `http://localhost:${port}` };
  return async (args: string[], stdin?: string): Promise<{ stdout: string; stderr: string }> => {
    const run = promisify(execFile)(process.execPath, [cliPath, ...args], { env, timeout: 60_000 });
    if (stdin !== undefined) run.child.stdin?.end(stdin);
    return run;
  };
}

/**
 * Opens a tab of the mapper. A click that lands before Shoelace has defined <sl-tab-group> is lost
 * (the element is not listening yet), so the click is repeated until the tab reports itself selected.
 */
export async function openTab(page: Page, name: 'admin' | 'import'): Promise<void> {
  const tab = page.locator(`sl-tab[data-tab="${name}"]`);
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
