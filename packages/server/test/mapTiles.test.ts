import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCloudArgs } from '../src/cliArgs.js';
import { call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** Issue 16: the alarm map's tile server is the cloud's --map-tiles; the portal's CSP lets exactly it in. */
const clouds: Cloud[] = [];
afterAll(() => Promise.all(clouds.map((cloud) => cloud.close())));

function portalDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'varde-tiles-')), 'portal');
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><p>portal</p>');
  return dir;
}

const imgSrc = (csp: string | null) => (csp ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith('img-src '));

describe('map tiles', () => {
  it('none by default: the map draws the shipped outlines only', async () => {
    const cloud = await startCloud({ portalDir: portalDir() });
    clouds.push(cloud);
    const answer = await call(cloud, '/cloud/map-tiles');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ url: null, attribution: '' });
  });

  it('--map-tiles: answered without a sign-in, and the portal may load images from that server only', async () => {
    const url = 'https://tiles.example.org/osm/{z}/{x}/{y}.png';
    const cloud = await startCloud({ portalDir: portalDir(), mapTiles: { url, attribution: '© Example <Maps>' } });
    clouds.push(cloud);
    expect((await call(cloud, '/cloud/map-tiles')).body).toEqual({ url, attribution: '© Example <Maps>' });
    const page = await fetch(`${cloud.url}/sites`, { headers: { accept: 'text/html' } });
    expect(imgSrc(page.headers.get('content-security-policy'))).toBe("img-src 'self' data: blob: https://tiles.example.org");
  });

  it('the command line checks the template', () => {
    const parse = (args: string[]) => parseCloudArgs(args, {}, '/srv');
    expect(parse(['--map-tiles', 'https://{s}.tile.example.org/{z}/{x}/{y}.png', '--map-attribution', 'Example'])).toMatchObject({
      options: { mapTiles: { url: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', attribution: 'Example' } },
    });
    expect(parse(['--map-tiles', 'https://tile.example.org/tiles.png'])).toEqual({ kind: 'error', message: expect.stringContaining('needs {z}, {x} and {y}') });
    expect(parse(['--map-tiles', 'file:///{z}/{x}/{y}'])).toEqual({ kind: 'error', message: expect.stringContaining('http(s) URL template') });
    expect(parse(['--map-attribution', 'Example'])).toEqual({ kind: 'error', message: '--map-attribution needs --map-tiles' });
  });
});
