import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withShippedFiles } from '../src/shippedFiles.js';
import type { CloudOptions } from '../src/context.js';

const base: CloudOptions = { port: 0, seed: 'demo', storage: { kind: 'memory' } };

function shippedFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'varde-shipped-'));
  for (const folder of ['portal', 'widgets', 'examples']) mkdirSync(join(dir, folder));
  writeFileSync(join(dir, 'portal', 'index.html'), '<!doctype html>');
  return dir;
}

describe('what an installed varde-cloud serves without flags', () => {
  it('serves the shipped portal, widget bundles and example pages', () => {
    const dir = shippedFolder();
    expect(withShippedFiles(base, dir)).toMatchObject({
      portalDir: join(dir, 'portal'),
      staticMounts: [
        { prefix: '/widgets', dir: join(dir, 'widgets') },
        { prefix: '/examples', dir: join(dir, 'examples') },
      ],
    });
  });

  it('leaves --portal and a --static mount of the same path as given', () => {
    const dir = shippedFolder();
    const options = withShippedFiles({ ...base, portalDir: '/elsewhere', staticMounts: [{ prefix: '/widgets', dir: '/mine' }] }, dir);
    expect(options.portalDir).toBe('/elsewhere');
    expect(options.staticMounts).toEqual([
      { prefix: '/widgets', dir: '/mine' },
      { prefix: '/examples', dir: join(dir, 'examples') },
    ]);
  });

  it('changes nothing where no package was installed (the repository)', () => {
    expect(withShippedFiles(base, join(tmpdir(), 'varde-no-such-folder'))).toBe(base);
  });
});
