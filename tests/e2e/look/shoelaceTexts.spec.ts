import { expect, test } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';
import { useLanguage } from '../storedLanguage.js';

/**
 * Issue 37, item 6: Shoelace's own texts, a dialog's close button and a password field's reveal, speak the
 * page's language (widgets/src/shared/shoelaceTranslations.ts), not English, in Norwegian and Swedish.
 */
const TEXTS = {
  no: { close: 'Lukk', showPassword: 'Vis passord' },
  se: { close: 'Stäng', showPassword: 'Visa lösenord' },
  en: { close: 'Close', showPassword: 'Show password' },
} as const;

for (const language of ['no', 'se', 'en'] as const) {
  test(`the alarm dialog's close button and the password reveal speak ${language}`, async ({ page }) => {
    await useLanguage(page, language);
    await signInAs(page, '/account-settings', demoUsers.systemAdmin.email, DEMO_PASSWORD);
    const reveal = page.locator('[part~="password-toggle-button"]').first();
    await expect(reveal).toBeAttached({ timeout: 15_000 });
    await expect(reveal).toHaveAttribute('aria-label', TEXTS[language].showPassword);

    await page.goto('/alarms');
    const row = page.locator('.varde-alarm-table__row--body').first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.click();
    const dialog = page.locator('[data-dialog="alarm"]');
    await expect(dialog).toHaveAttribute('open', '');
    await expect(dialog.locator('[part="close-button"]')).toHaveAttribute('label', TEXTS[language].close);
  });
}
