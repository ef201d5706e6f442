import { expect, test } from '@playwright/test';
import { admin } from './helpers.js';

/**
 * <varde-cloud-functions> on a host page (preact bundle): monaco lives in the element's light DOM,
 * slotted into its shadow root, and its chunk and worker load from /widgets/chunks/.
 */
test('the element hosts monaco in its light DOM, and typing marks the function unsaved', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/examples/host-page/');
  const session = page.locator('varde-session');
  await session.locator('[part="sign-in-button"]').click();
  await session.locator('[part="username-input"] input').fill(admin.email);
  await session.locator('[part="password-input"] input').fill(admin.password);
  await session.locator('[part="submit-button"]').click();
  await expect(session.locator('[part="user-name"]')).toContainText(admin.name);

  await page.evaluate(async () => {
    await import('/widgets/varde-cloud-functions.js' as string);
    document.body.append(document.createElement('varde-cloud-functions'));
  });
  const element = page.locator('varde-cloud-functions');
  await element.locator('[data-function="hello"]').click();
  const editor = page.locator('varde-cloud-functions > [data-varde-source-editor] .monaco-editor');
  // monaco's first load is a large chunk: on two busy cores it took over 5 s.
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const slot = await page.evaluate(() => {
    const host = document.querySelector('varde-cloud-functions')!;
    const container = host.querySelector(':scope > [data-varde-source-editor]')!;
    return { slot: container.getAttribute('slot'), inShadow: !!host.shadowRoot!.querySelector(`slot[name="${container.getAttribute('slot')}"]`) };
  });
  expect(slot.inShadow).toBe(true);
  // The editor is inside the widget's box (the slot places it), not at the end of the page.
  const box = await editor.boundingBox();
  const main = await element.locator('[part="editor"]').boundingBox();
  expect(box!.y).toBeGreaterThan(main!.y);
  expect(box!.y + box!.height).toBeLessThan(main!.y + main!.height);

  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('# from a host page');
  await expect(element.locator('[data-unsaved]')).toBeVisible();
  // Every keystroke lands where it was typed (a lagging re-render must not reset the editor).
  await expect(editor.locator('.view-lines')).toContainText('# from a host page');
  await expect(editor.locator('.view-line').first()).toHaveText('def main(request):');
  expect(await page.evaluate(async () => (await fetch('/widgets/chunks/monaco-editor.worker.js')).status)).toBe(200);
  await page.screenshot({ path: 'test-results/screens/host-element.png', fullPage: true });
  expect(errors).toEqual([]);
});
