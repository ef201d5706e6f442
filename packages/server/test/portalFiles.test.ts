import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const dir = mkdtempSync(join(tmpdir(), 'varde-portal-'));
let cloud: Cloud;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Varde</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
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

test('history fallback: a route of the app answers index.html to a browser', async () => {
  const page = await get('/sites/123?x=1', 'text/html,application/xhtml+xml');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>Varde</title>');
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
