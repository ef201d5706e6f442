import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';
import { useLanguage } from '../storedLanguage.js';
import { attemptSuffix } from '../sites/cloudControls.js';

/**
 * The ML explorer in Chromium against the reference cloud (issue 9's "must show"): a model with tags,
 * labels and parameters, a version trained to READY (the cloud's job runner in real time: a stage
 * every 0.5 s), the violin plot and the performance table; two contexts saving the same version; each
 * validation rule refused in the UI and by the server.
 */
const admin = demoUsers.admin;
const [oslo, bergen] = demoSites();

async function signIn(page: Page, email = admin.email, password = admin.password): Promise<void> {
  await useLanguage(page, 'en');
  await signInAs(page, '/ml-explorer', email, password);
  await expect(page).toHaveURL(/\/ml-explorer$/, { timeout: 20_000 });
  await expect(page.locator('[role="tree"] [data-model-id]').first()).toBeVisible();
}

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const action = (page: Page, name: string) => page.locator(`[data-action="${name}"]`);

async function anomalyApi(request: APIRequestContext) {
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  const { accessTokens } = (await login.json()) as { accessTokens: Record<string, string> };
  const token = Object.entries(accessTokens).find(([host]) => host.startsWith('anomaly'))![1];
  return { authorization: `Bearer ${token}` };
}

test('create a model with tags, labels and parameters, add a version, train it to READY, see the plot and the table', async ({ page }) => {
  await signIn(page);
  // A model of this attempt's own: a retry in the same cloud finds the earlier attempt's in the tree.
  const leaf = `rooms${attemptSuffix()}`;
  await action(page, 'add-model').click();
  await field(page, 'name').fill(`e2e/ventilation/${leaf}`);
  await field(page, 'description').fill('Made by the browser suite');
  await action(page, 'add-tags').click();
  await action(page, 'add-tags').click();
  await field(page, 'tags.0.controller').fill(oslo!.uuid);
  await field(page, 'tags.0.tag').fill('RT401');
  await field(page, 'tags.1.controller').fill(bergen!.uuid);
  await field(page, 'tags.1.tag').fill('RT901');
  await action(page, 'add-labels').click();
  await field(page, 'labels.0.key').fill('owner');
  await field(page, 'labels.0.value').fill('drift');
  await action(page, 'add-parameters').click();
  await field(page, 'parameters.0.key').fill('sampling');
  await field(page, 'parameters.0.value').fill('15min');
  await expect(page.locator('[part="pending-warning"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/ml-model-editor.png', fullPage: true });
  await action(page, 'save-model').click();
  await expect(page.locator('[part="pending-warning"]')).toHaveCount(0);

  // The tree shows the name in folders: e2e > ventilation > rooms.
  const tree = page.locator('[role="tree"]');
  await expect(tree.locator('.varde-ml-explorer__folder-name', { hasText: 'e2e' })).toBeVisible();
  await expect(tree.getByRole('button', { name: leaf, exact: true })).toHaveAttribute('data-selected', 'true');

  await action(page, 'add-version').click();
  const chip = page.locator('[data-editor="version"] [part="status-chip"]');
  await expect(chip).toHaveAttribute('data-status', 'VERSION_STATUS_CREATED');
  await expect(field(page, 'parameters.0.key')).toHaveValue('start');
  await expect(field(page, 'labels.0.key')).toHaveValue('active');
  await expect(field(page, 'labels.0.value')).toHaveValue('false');

  await action(page, 'train').click();
  // STARTING_TRAINING at once, then the job's stages, then READY.
  await expect(chip).toHaveAttribute('data-status', 'VERSION_STATUS_STARTING_TRAINING', { timeout: 1000 });
  const seen = new Set<string>();
  await expect
    .poll(async () => {
      const status = (await chip.getAttribute('data-status')) ?? '';
      seen.add(status);
      return status;
    }, { timeout: 20_000, intervals: [200] })
    .toBe('VERSION_STATUS_READY');
  expect(seen.size).toBeGreaterThanOrEqual(3);

  const plot = page.locator('[part="violin-plot"]');
  await expect(plot).toBeVisible();
  expect(await plot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 300)).toBe(true);
  await expect(action(page, 'train')).toHaveAttribute('disabled', '');
  await page.screenshot({ path: 'test-results/screens/ml-ready-desktop.png', fullPage: true });
  await page.locator('[data-tab="table"]').click();
  const table = page.locator('[part="performance-table"]');
  await expect(table).toContainText('samples_used');
  await expect(table).toContainText('RT401 mean');
  await expect(table).toContainText('anomaly_rate');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-tab="graph"]').click();
  await expect(plot).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/ml-ready-390.png', fullPage: true });
});

test('two browser contexts edit the same version: the second save gets the overwrite dialog', async ({ browser, request }) => {
  const headers = await anomalyApi(request);
  const models = (await (await request.get('/cloud/anomaly/v0/models', { headers })).json()) as { name: string; model_id: string; versions: { version_id: string; name: string }[] }[];
  const heating = models.find((model) => model.name.endsWith('district-heating'))!;
  const version = heating.versions[0]!;
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const pages = await Promise.all([first.newPage(), second.newPage()]);
  for (const page of pages) {
    await signIn(page);
    await page.locator(`[data-version-id="${version.version_id}"]`).click();
    await expect(page.locator('[data-editor="version"]')).toBeVisible();
  }
  const [one, two] = pages as [Page, Page];
  // Texts of this attempt's own: a retry may find the earlier attempt's text stored, and typing the
  // stored text again would leave nothing unsaved to save.
  const firstText = `saved first${attemptSuffix()}`;
  const secondText = `saved second${attemptSuffix()}`;
  await field(one, 'description').fill(firstText);
  await field(two, 'description').fill(secondText);
  await action(one, 'save-version').click();
  await expect(one.locator('[part="pending-warning"]')).toHaveCount(0);

  await action(two, 'save-version').click();
  const dialog = two.locator('[data-dialog="overwrite"]');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The model was changed on the server');
  await two.screenshot({ path: 'test-results/screens/ml-overwrite.png' });
  await action(two, 'overwrite-abort').click();
  await expect(dialog).toHaveCount(0);
  await expect(field(two, 'description')).toHaveValue(secondText);
  await action(two, 'save-version').click();
  await action(two, 'overwrite-confirm').click();
  await expect(two.locator('[part="pending-warning"]')).toHaveCount(0);
  const stored = await (await request.get(`/cloud/anomaly/v0/models/${heating.model_id}/${version.version_id}`, { headers })).json();
  expect(stored.description).toBe(secondText);
  await first.close();
  await second.close();
});

test('each validation rule is refused in the UI and, sent directly, by the server', async ({ page, request }) => {
  await signIn(page);
  await action(page, 'add-model').click();
  await field(page, 'name').fill('e2e/rules');
  await action(page, 'add-tags').click();
  await action(page, 'add-tags').click();
  await action(page, 'add-labels').click();
  await action(page, 'add-labels').click();
  await action(page, 'add-parameters').click();
  await action(page, 'add-parameters').click();
  const error = (name: string) => page.locator(`[data-error-for="${name}"]`);

  await field(page, 'tags.0.controller').fill('12345678-1234-6234-8234-123456789abc'); // version 6: not 1-5
  await expect(error('tags.0.controller')).toHaveText('The controller has to be a valid UUID');
  await field(page, 'tags.0.controller').fill(oslo!.uuid);
  await field(page, 'tags.0.tag').fill(' RT401');
  await expect(error('tags.0.tag')).toHaveText('No leading or trailing whitespaces');
  await field(page, 'tags.0.tag').fill('RT401');
  await field(page, 'tags.1.controller').fill(oslo!.uuid);
  await field(page, 'tags.1.tag').fill('RT401');
  await expect(error('tags.1.tag')).toHaveText('The controller + tag name has to be unique');
  await field(page, 'labels.0.key').fill('owner');
  await field(page, 'labels.1.key').fill('owner');
  await expect(error('labels.1.key')).toHaveText('The label name has to be unique');
  await field(page, 'parameters.0.key').fill('window');
  await field(page, 'parameters.1.key').fill('window');
  await expect(error('parameters.1.key')).toHaveText('The parameter name has to be unique');
  await expect(action(page, 'save-model')).toHaveAttribute('disabled', '');
  await expect(field(page, 'tags.1.tag')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/screens/ml-validation.png', fullPage: true });

  // The same rules, sent straight to the server.
  const headers = { ...(await anomalyApi(request)), 'content-type': 'application/json' };
  const post = async (body: string) => {
    const answer = await request.post('/cloud/anomaly/v0/models', { headers, data: body });
    return { status: answer.status(), detail: ((await answer.json()) as { detail: string }).detail };
  };
  const tag = (controller: string, name: string) => ({ controller, tag: name });
  expect(await post(JSON.stringify({ name: 'x', tags: [tag('12345678-1234-6234-8234-123456789abc', 'RT401')] })))
    .toEqual({ status: 400, detail: 'The controller has to be a valid UUID' });
  expect(await post(JSON.stringify({ name: 'x', tags: [tag(oslo!.uuid, ' RT401')] })))
    .toEqual({ status: 400, detail: 'No leading or trailing whitespaces' });
  expect(await post(JSON.stringify({ name: 'x', tags: [tag(oslo!.uuid, 'RT401'), tag(oslo!.uuid, 'RT401')] })))
    .toEqual({ status: 400, detail: 'The controller + tag name has to be unique' });
  expect(await post('{"name": "x", "labels": {"owner": "a", "owner": "b"}}'))
    .toEqual({ status: 400, detail: 'The label name has to be unique' });
  expect(await post('{"name": "x", "parameters": {"window": 1, "window": 2}}'))
    .toEqual({ status: 400, detail: 'The parameter name has to be unique' });
});
