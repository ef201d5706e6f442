import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const dir = mkdtempSync(join(tmpdir(), 'varde-portal-'));
const hashedScript = `export const portal = ${JSON.stringify('x'.repeat(4000))};`;
let cloud: Cloud;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Varde</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
  mkdirSync(join(dir, 'login'));
  writeFileSync(join(dir, 'login', 'silent-callback.html'), '<!doctype html><title>Silent</title>');
  // As the portal's build writes them: a content-hashed name, with .br and .gz beside it.
  writeFileSync(join(dir, 'assets', 'portal-5GQ2XKZD.js'), hashedScript);
  writeFileSync(join(dir, 'assets', 'portal-5GQ2XKZD.js.br'), brotliCompressSync(hashedScript));
  writeFileSync(join(dir, 'assets', 'portal-5GQ2XKZD.js.gz'), gzipSync(hashedScript));
  writeFileSync(join(tmpdir(), 'outside-portal.txt'), 'secret');
  cloud = await startCloud({ portalDir: dir, seed: 'none' });
});
afterAll(async () => {
  await cloud.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, accept = '*/*') => fetch(`${cloud.url}${path}`, { headers: { accept } });

test('serves the portal at / and its files', async () => {
  const index = await get('/');
  expect(index.status).toBe(200);
  expect(await index.text()).toContain('<title>Varde</title>');
  const script = await get('/assets/app.js');
  expect(script.headers.get('content-type')).toMatch(/text\/javascript/);
  expect(await script.text()).toBe('console.log("app")');
});

test('pages say they come from the reference cloud (a cookie core reads), on whatever address; files do not', async () => {
  const page = await get('/sites/123', 'text/html');
  expect(page.headers.get('set-cookie')).toBe('varde_cloud=reference; Path=/; SameSite=Lax');
  expect((await get('/assets/app.js')).headers.get('set-cookie')).toBeNull();
});

test('history fallback: a route of the app answers index.html to a browser', async () => {
  const page = await get('/sites/123?x=1', 'text/html,application/xhtml+xml');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>Varde</title>');
});

test('a path with its own page gets that page (the silent sign-in frame), other routes the app', async () => {
  const page = await get('/login/silent-callback?code=abc&state=def', 'text/html');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  expect(await page.text()).toContain('<title>Silent</title>');
  expect(await (await get('/login/callback?code=abc', 'text/html')).text()).toContain('<title>Varde</title>');
  expect(await (await get('/login/silent-callback/', 'text/html')).text()).toContain('<title>Varde</title>');
  expect((await get('/login/silent-callback', 'application/json')).status).toBe(404);
});

test('missing files, API paths and paths outside the folder are 404 with detail', async () => {
  for (const path of ['/assets/missing.js', '/cloud/nothing-here', '/..%2Foutside-portal.txt', '/%2e%2e/outside-portal.txt']) {
    const answer = await get(path);
    expect(answer.status, path).toBe(404);
    expect(typeof ((await answer.json()) as { detail?: unknown }).detail, path).toBe('string');
  }
  const api = await get('/cloud/nothing-here', 'text/html');
  expect(api.status).toBe(404);
});

test('hashed assets are immutable for a year and sent precompressed: brotli, else gzip', async () => {
  const br = await fetch(`${cloud.url}/assets/portal-5GQ2XKZD.js`, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(br.status).toBe(200);
  expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
  expect(await br.text()).toBe(hashedScript); // fetch decodes it: the .br holds the same script

  const gzip = await fetch(`${cloud.url}/assets/portal-5GQ2XKZD.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers.get('content-encoding')).toBe('gzip');
  expect(await gzip.text()).toBe(hashedScript);

  const plain = await fetch(`${cloud.url}/assets/portal-5GQ2XKZD.js`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(hashedScript);
});

test('index.html is revalidated: no-cache with an ETag, 304 when it is unchanged, also as the history fallback', async () => {
  const first = await get('/');
  expect(first.headers.get('cache-control')).toBe('no-cache');
  const etag = first.headers.get('etag');
  expect(etag).toBeTruthy();
  for (const path of ['/', '/sites/123']) {
    // A browser's revalidation; without a Cache-Control of its own, fetch would add no-cache (a reload).
    const revalidate = { accept: 'text/html', 'if-none-match': etag!, 'cache-control': 'max-age=0' };
    const again = await fetch(`${cloud.url}${path}`, { headers: revalidate });
    expect(again.status, path).toBe(304);
  }
  // A name without a hash (app.js) is revalidated too, never cached blind.
  expect((await get('/assets/app.js')).headers.get('cache-control')).toBe('no-cache');
});
