import { get as httpGet } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseCloudArgs } from '../src/cliArgs.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** --static mounts: the example host pages and the widgets' preact bundles, served by the cloud. */
const base = mkdtempSync(join(tmpdir(), 'varde-static-'));
const hostPage = `<!doctype html><title>Host</title>${'<p>controller page</p>'.repeat(200)}`;
const portalScript = `export const portal = ${JSON.stringify('0123456789'.repeat(400))};`;
let cloud: Cloud;

beforeAll(async () => {
  mkdirSync(join(base, 'examples', 'host-page'), { recursive: true });
  mkdirSync(join(base, 'elements', 'chunks'), { recursive: true });
  mkdirSync(join(base, 'portal', 'assets'), { recursive: true });
  writeFileSync(join(base, 'examples', 'host-page', 'index.html'), '<!doctype html><title>Host</title>');
  writeFileSync(join(base, 'elements', 'varde-session.js'), 'export {}');
  writeFileSync(join(base, 'elements', 'chunks', 'chunk-A.js'), 'export const a = 1');
  writeFileSync(join(base, 'elements', 'chunks', 'chunk-2635LWX6.js'), 'export const hashed = 1');
  writeFileSync(join(base, 'examples', 'host-page', 'big.html'), hostPage);
  writeFileSync(join(base, 'portal', 'index.html'), '<!doctype html><title>Portal</title>');
  // As the portal's build writes an asset: a content-hashed name with its .br beside it.
  writeFileSync(join(base, 'portal', 'assets', 'portal-5GQ2XKZD.js'), portalScript);
  writeFileSync(join(base, 'portal', 'assets', 'portal-5GQ2XKZD.js.br'), brotliCompressSync(portalScript));
  writeFileSync(join(base, 'secret.txt'), 'secret');
  cloud = await startCloud({
    seed: 'none',
    portalDir: join(base, 'portal'),
    staticMounts: [
      { prefix: '/examples', dir: join(base, 'examples') },
      { prefix: '/widgets', dir: join(base, 'elements') },
    ],
  });
});
afterAll(async () => {
  await cloud.close();
  rmSync(base, { recursive: true, force: true });
});

const get = (path: string, accept = '*/*') => fetch(`${cloud.url}${path}`, { headers: { accept }, redirect: 'manual' });

test('serves files and folder index pages under their prefix, before the portal', async () => {
  const script = await get('/widgets/varde-session.js');
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/text\/javascript/);
  expect(await script.text()).toBe('export {}');
  expect(await (await get('/widgets/chunks/chunk-A.js')).text()).toBe('export const a = 1');

  const page = await get('/examples/host-page/', 'text/html');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>Host</title>');

  // Without the slash the page's relative URLs would resolve one level up: redirect.
  const bare = await get('/examples/host-page?x=1', 'text/html');
  expect(bare.status).toBe(301);
  expect(bare.headers.get('location')).toBe('/examples/host-page/?x=1');

  // Other paths still reach the portal's history fallback.
  expect(await (await get('/sites', 'text/html')).text()).toContain('<title>Portal</title>');
});

test('missing files and paths outside the folder are 404 with detail', async () => {
  for (const path of ['/widgets/missing.js', '/widgets/..%2Fsecret.txt', '/widgets/%2e%2e/secret.txt', '/examples/../secret.txt']) {
    const answer = await get(path);
    expect(answer.status, path).toBe(404);
    expect(typeof ((await answer.json()) as { detail?: unknown }).detail, path).toBe('string');
  }
  // fetch normalises `..` away; a raw request sends it as it is.
  for (const path of ['/widgets/../secret.txt', '/widgets/chunks/../../secret.txt', '/examples/..\\secret.txt']) {
    const status = await new Promise<number | undefined>((done, fail) =>
      httpGet({ host: '127.0.0.1', port: cloud.port, path }, (response) => done(response.resume().statusCode)).on('error', fail),
    );
    expect(status, path).toBe(404);
  }
});

test('host pages and the element bundles they name are revalidated (ETag, 304); hashed chunks are immutable', async () => {
  for (const path of ['/examples/host-page/', '/widgets/varde-session.js']) {
    const first = await get(path, 'text/html');
    expect(first.headers.get('cache-control'), path).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag, path).toBeTruthy();
    // A browser's revalidation; without a Cache-Control of its own, fetch would add no-cache (a reload).
    const again = await fetch(`${cloud.url}${path}`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status, path).toBe(304);
  }
  const chunk = await get('/widgets/chunks/chunk-2635LWX6.js');
  expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect((await get('/widgets/chunks/chunk-A.js')).headers.get('cache-control')).toBe('no-cache');
});

test('a host page served from source is compressed on the fly: brotli, else gzip', async () => {
  for (const encoding of ['br', 'gzip']) {
    const page = await fetch(`${cloud.url}/examples/host-page/big.html`, { headers: { 'accept-encoding': encoding } });
    expect(page.headers.get('content-encoding')).toBe(encoding);
    expect(await page.text()).toBe(hostPage);
  }
});

test('a portal asset answers a byte range (206 with Content-Range) when asked uncompressed', async () => {
  const path = '/assets/portal-5GQ2XKZD.js';
  // identity: the file itself. A client that accepts br gets its range of the .br (the representation sent).
  const whole = await fetch(`${cloud.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  expect(whole.headers.get('accept-ranges')).toBe('bytes');
  expect(await whole.text()).toBe(portalScript);

  const part = await fetch(`${cloud.url}${path}`, { headers: { 'accept-encoding': 'identity', range: 'bytes=100-149' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 100-149/${portalScript.length}`);
  expect(part.headers.get('content-encoding')).toBeNull();
  expect(await part.text()).toBe(portalScript.slice(100, 150));

  const beyond = await fetch(`${cloud.url}${path}`, { headers: { 'accept-encoding': 'identity', range: `bytes=${portalScript.length}-` } });
  expect(beyond.status).toBe(416);
});

test('--static /PATH=DIR is parsed, and bad mounts are refused', () => {
  const parsed = parseCloudArgs(['--static', '/widgets=dist/elements', '--static', '/examples/demo=examples'], {}, '/srv');
  expect(parsed).toMatchObject({
    kind: 'run',
    options: { staticMounts: [{ prefix: '/widgets', dir: '/srv/dist/elements' }, { prefix: '/examples/demo', dir: '/srv/examples' }] },
  });
  for (const bad of ['widgets=dir', '/cloud=dir', '/cloud/x=dir', '/widgets', '/a/../b=dir', '/=dir']) {
    expect(parseCloudArgs(['--static', bad], {}, '/srv'), bad).toMatchObject({ kind: 'error', message: expect.stringContaining('--static') });
  }
});
