import { expect, test } from '@playwright/test';
import { attemptSuffix } from '../sites/cloudControls.js';
import { admin, bimSite, chooseBuilding, CSV_HEADER, cliRunner, csvFile, demoBuilding, signInToBim } from './helpers.js';

/**
 * Issue 10's must-show across packages: `varde bim import` (the built CLI, password on stdin) and the
 * portal shows the connections; export -> import --overwrite changes nothing (the CLI's own tests
 * check that no write request is made; here the portal's table stays the same too).
 */
test('CLI import, then /bim shows the connections; export -> import --overwrite is a no-op', async ({ page }) => {
  const varde = cliRunner();
  await varde(['login', '--user', admin.email, '--password-stdin'], `${admin.password}\n`);
  // A building of this attempt's own: a retry's import into the earlier attempt's building would add nothing.
  const building = `Hus fra CLI${attemptSuffix()}`;
  const [a, b, c] = demoBuilding().storeys[2]!.equipment;
  const path = csvFile(
    'cli.csv',
    [
      CSV_HEADER,
      `${a!.globalId},${a!.name},${a!.description},${bimSite.uuid},${building},CLI-1,"Rom, 301",360`,
      `${b!.globalId},${b!.name},,${bimSite.uuid},${building},CLI-2,,360`,
      `${c!.globalId},${c!.name},,${bimSite.uuid},${building},CLI-3,,360`,
    ].join('\n') + '\n',
  );
  const imported = await varde(['bim', 'import', path, '--building', building]);
  expect(imported.stderr).toContain('Done: 3 added, 0 removed');

  await signInToBim(page);
  await chooseBuilding(page, building);
  await expect(page.locator('[data-connection]')).toHaveCount(3);
  for (const [item, tag] of [[a, 'CLI-1'], [b, 'CLI-2'], [c, 'CLI-3']] as const) {
    const row = page.locator(`[data-guid="${item!.globalId}"]`);
    await expect(row).toContainText(tag);
    await expect(row).toContainText(bimSite.name);
    await expect(row).toHaveAttribute('data-saved', 'true');
  }
  await expect(page.locator(`[data-guid="${a!.globalId}"]`)).toContainText('Rom, 301');

  const exported = await varde(['bim', 'export', '--building', building]);
  const again = await varde(['bim', 'import', csvFile('export.csv', exported.stdout), '--building', building, '--overwrite']);
  expect(again.stderr).toContain('No changes');
  await page.reload();
  await chooseBuilding(page, building);
  await expect(page.locator('[data-connection]')).toHaveCount(3);
});
