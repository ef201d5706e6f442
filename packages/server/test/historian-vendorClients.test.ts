import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// The shapes public Python clients of the vendor's cloud send (from alone; isoformat() with microseconds).
let cloud: Cloud;
let headers: Record<string, string>;
const site = demoSites()[0]!.uuid;

/** What Python's datetime.isoformat() writes: six decimals, naive or with an offset. */
const isoformat = (ms: number, zone = '') => `${new Date(ms).toISOString().slice(0, 19)}.${String((ms % 1000) * 1000 + 447).padStart(6, '0')}${zone}`;

beforeAll(async () => {
  cloud = await startCloud();
  const login = await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'admin@varde.test', password: 'demo1234' } });
  const key = Object.keys(login.body.accessTokens).find((name) => name.startsWith('historian'))!;
  headers = bearer(login.body.accessTokens[key]);
});
afterAll(() => cloud.close());

describe('historian, as vendor clients call it', () => {
  it('takes `from` alone: the range ends now', async () => {
    const now = cloud.context.clock.now();
    const from = isoformat(now - 3 * 3600_000);
    const answer = await call(cloud, `/cloud/historian/${site}/timeseries/RT401?from=${encodeURIComponent(from)}&time_format=epoch`, { headers });
    expect(answer.status).toBe(200);
    const points = answer.body as { ts: number; v: number }[];
    expect(points.length).toBeGreaterThan(4);
    expect(typeof points[0]!.ts).toBe('number');
    expect(points.at(-1)!.ts).toBeLessThanOrEqual(now);
    expect(points.at(-1)!.ts).toBeGreaterThan(now - 15 * 60_000 - 1);
  });

  it('reads naive and zoned times with microseconds and up to nine decimals', async () => {
    const base = cloud.context.clock.now() - 24 * 3600_000;
    for (const [from, to] of [
      [isoformat(base), isoformat(base + 3600_000)],
      [isoformat(base, '+01:00'), isoformat(base + 3600_000, '+01:00')],
      [`${new Date(base).toISOString().slice(0, 19)}.123456789Z`, `${new Date(base + 3600_000).toISOString().slice(0, 19)}.987654321Z`],
    ]) {
      const answer = await call(cloud, `/cloud/historian/${site}/timeseries/RT401?from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}&time_format=epoch&include_timestamps=true&tags=RT401`, { headers });
      expect(answer.status, from).toBe(200);
      expect(answer.body.length, from).toBeGreaterThanOrEqual(4);
    }
    const value = await call(cloud, `/cloud/historian/${site}/value/RT401?ts=${encodeURIComponent(isoformat(base))}&time_format=epoch`, { headers });
    expect(value.status).toBe(200);
    expect(value.body).toEqual({ ts: expect.any(Number), value: expect.any(Number) });
  });

  it('still refuses what is not a time, and ten decimals', async () => {
    for (const from of ['yesterday', '2026-11-25T01:47:17.0454471234', '2026-13-01T00:00:00']) {
      const answer = await call(cloud, `/cloud/historian/${site}/timeseries/RT401?from=${encodeURIComponent(from)}`, { headers });
      expect(answer.status, from).toBe(400);
      expect(answer.body.detail, from).toContain('from');
    }
  });
});
