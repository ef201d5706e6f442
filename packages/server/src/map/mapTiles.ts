import type { FastifyInstance } from 'fastify';
import type { MapTilesAnswer } from '@varde/core/contract';

/** A tile server for the alarm map (`--map-tiles`, `--map-attribution`). */
export interface MapTiles {
  /** URL template with {z}, {x}, {y} (and optionally {s}, a subdomain a-c). */
  url: string;
  attribution: string;
}

/** Checks a tile URL template: http(s), with {z}, {x} and {y}. Returns the problem, or null. */
export function mapTilesProblem(url: string): string | null {
  if (!/\{z\}/.test(url) || !/\{x\}/.test(url) || !/\{y\}/.test(url)) return `--map-tiles needs {z}, {x} and {y} in the URL, not "${url}"`;
  try {
    const parsed = new URL(url.replace('{s}', 'a'));
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    return `--map-tiles must be an http(s) URL template, not "${url}"`;
  }
  return null;
}

/** What the portal's CSP must allow for the tiles: the server's origin ({s} subdomains as a wildcard). */
export function mapTilesImageSource(url: string): string {
  const parsed = new URL(url.replace('{s}', 'a'));
  return url.includes('{s}') ? `${parsed.protocol}//*.${parsed.host.split('.').slice(1).join('.')}` : parsed.origin;
}

/**
 * GET /cloud/map-tiles (public: a map needs it before anyone signs in, and it holds no secret): the
 * tile server the cloud was started with, or `{url: null}` for the offline outlines only.
 */
export function registerMapTilesRoute(app: FastifyInstance, tiles: MapTiles | undefined): void {
  app.get('/cloud/map-tiles', { config: { public: true } }, async (): Promise<MapTilesAnswer> =>
    tiles ? { url: tiles.url, attribution: tiles.attribution } : { url: null, attribution: '' },
  );
}
