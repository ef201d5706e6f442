import { expect, test, type Page, type Response } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with bench/ (no type declarations)
import { FIRST_PAINT_BUDGET_KB, measureFirstPaint } from '../../../packages/portal/firstPaintWeight.mjs';

/**
 * Issue 15, delivery: what Chromium receives for the portal and a host page. Scripts and CSS come
 * compressed (brotli, precompressed by the builds); content-hashed names are immutable for a year;
 * the pages and the element bundles host pages name are revalidated (no-cache with an ETag).
 */
function recordResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return responses;
}

const pathOf = (response: Response) => new URL(response.url()).pathname;

test('the portal: index.html revalidated, its hashed script and CSS immutable and brotli', async ({ page }) => {
  const responses = recordResponses(page);
  await page.goto('/sites');
  // Signed out, the shell itself sends the browser to the provider: reaching it proves the assets ran.
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);

  const document = responses.find((response) => response.request().resourceType() === 'document' && pathOf(response) === '/sites')!;
  expect(document.headers()['cache-control']).toBe('no-cache');
  expect(document.headers().etag).toBeTruthy();

  const assets = responses.filter((response) => /^\/assets\/portal-[A-Z2-7]{8}\.(js|css)$/.test(pathOf(response)));
  // The shell may fetch them again after the sign-in round trip: each distinct hashed file counts once.
  expect([...new Set(assets.map((response) => pathOf(response).split('.').pop()))].sort()).toEqual(['css', 'js']);
  for (const asset of assets) {
    const headers = await asset.allHeaders();
    expect(headers['cache-control'], pathOf(asset)).toBe('public, max-age=31536000, immutable');
    expect(headers['content-encoding'], pathOf(asset)).toBe('br');
  }
});

test('the portal\'s first paint of /sites stays within its budget (entry, static imports and CSS, brotli)', () => {
  const weight = measureFirstPaint() as { bytes: number; scripts: { files: number } };
  expect(weight.scripts.files).toBeGreaterThan(1); // the real closure, not the entry alone
  expect(weight.bytes, `${(weight.bytes / 1000).toFixed(1)} KB`).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_KB * 1000);
});

test('a host page under /examples loads its element; /widgets answers compressed, chunks immutable', async ({ page }) => {
  const responses = recordResponses(page);
  await page.goto('/examples/create-user/');
  await expect(page.locator('varde-create-user')).toBeAttached();
  await expect(page.locator('varde-session').getByText('Ikke logget inn')).toBeVisible();

  const entry = responses.find((response) => pathOf(response) === '/widgets/varde-create-user.js')!;
  expect((await entry.allHeaders())['content-encoding']).toBe('br');
  expect(entry.headers()['cache-control']).toBe('no-cache'); // host pages name it: it cannot carry a hash

  const chunks = responses.filter((response) => pathOf(response).startsWith('/widgets/chunks/'));
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) expect(chunk.headers()['cache-control'], pathOf(chunk)).toBe('public, max-age=31536000, immutable');
});

test('/favicon.ico is served (browsers ask for it whatever the page links; issue 26, item 8)', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
