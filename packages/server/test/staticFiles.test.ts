import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseCloudArgs } from '../src/cliArgs.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** --static mounts: the example host pages and the widgets' preact bundles, served by the cloud. */
const base = mkdtempSync(join(tmpdir(), 'varde-static-'));
let cloud: Cloud;

beforeAll(async () => {
  mkdirSync(join(base, 'examples', 'host-page'), { recursive: true });
  mkdirSync(join(base, 'elements', 'chunks'), { recursive: true });
  mkdirSync(join(base, 'portal'));
  writeFileSync(join(base, 'examples', 'host-page', 'index.html'), '<!doctype html><title>Host</title>');
  writeFileSync(join(base, 'elements', 'varde-session.js'), 'export {}');
  writeFileSync(join(base, 'elements', 'chunks', 'chunk-A.js'), 'export const a = 1');
  writeFileSync(join(base, 'portal', 'index.html'), '<!doctype html><title>Portal</title>');
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
