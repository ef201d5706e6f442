import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites } from '../src/seed/demoSites.js';
import { HISTORIAN_INTERVAL_MS } from '../src/seed/demoAnomaly.js';
import { parseHistorianTime } from '../src/historian/historianTime.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** The historian over real HTTP: seeded deterministic series, the real clients' shapes, access. */
let cloud: Cloud;
let token: string;
const [oslo] = demoSites();
const outsideAdmin = demoSites()[45]!;

beforeAll(async () => {
  cloud = await startCloud();
  token = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens['historian.localhost']!;
});
afterAll(() => cloud.close());

const get = (path: string) => call(cloud, `/cloud/historian${path}`, { headers: bearer(token) });

describe('historian', () => {
  it('answers [{ts, v}] with the last point before and the first after the range (epoch)', async () => {
    const to = Math.floor(Date.now() / HISTORIAN_INTERVAL_MS) * HISTORIAN_INTERVAL_MS - 10 * 86_400_000;
    const from = to - 2 * 3_600_000 + 60_000; // just after a point
    const answer = await get(`/${oslo!.uuid}/timeseries/RT401?from=${from}&to=${to - 60_000}&time_format=epoch`);
    expect(answer.status).toBe(200);
    const points = answer.body as { ts: number; v: number }[];
    expect(points[0]!.ts).toBeLessThan(from);
    expect(points.at(-1)!.ts).toBeGreaterThan(to - 60_000);
    expect(points.slice(1, -1).every((p) => p.ts >= from && p.ts <= to)).toBe(true);
    expect(points.map((p) => p.ts - points[0]!.ts)).toEqual(points.map((_, i) => i * HISTORIAN_INTERVAL_MS));
    expect(points.every((p) => typeof p.v === 'number' && p.v > 10 && p.v < 35)).toBe(true);
    // Deterministic: the same question gets the same answer.
    expect((await get(`/${oslo!.uuid}/timeseries/RT401?from=${from}&to=${to - 60_000}&time_format=epoch`)).body).toEqual(points);
  });

  it('reads naive times as Oslo local time and answers ISO timestamps by default', async () => {
    expect(parseHistorianTime('2025-01-15T12:00:00')).toBe(Date.parse('2025-01-15T11:00:00Z'));
    expect(parseHistorianTime('2025-07-15T12:00:00')).toBe(Date.parse('2025-07-15T10:00:00Z'));
    const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const answer = await get(`/${oslo!.uuid}/timeseries/RT901?from=${day}T10:00:00&to=${day}T11:00:00&include_timestamps=true&tags=RT901`);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThanOrEqual(5);
    expect(typeof answer.body[0].ts).toBe('string');
  });

  it('answers one value at or before ts, and lists the tags with data', async () => {
    const ts = new Date(Date.now() - 86_400_000).toISOString();
    const answer = await get(`/${oslo!.uuid}/value/QT701?ts=${encodeURIComponent(ts)}&time_format=epoch`);
    expect(answer.status).toBe(200);
    expect(answer.body.ts).toBeLessThanOrEqual(Date.parse(ts));
    expect(Date.parse(ts) - answer.body.ts).toBeLessThan(HISTORIAN_INTERVAL_MS);
    expect(typeof answer.body.value).toBe('number');
    const tags = await get(`/${oslo!.uuid}/tags`);
    expect(tags.body.data.map((t: { tag: string }) => t.tag)).toContain('RT401');
    expect(tags.body.data.map((t: { tag: string }) => t.tag)).not.toContain('JP401');
  });

  it('refuses bad input with 4xx and detail, and other users\' sites', async () => {
    const cases: [string, number][] = [
      [`/${oslo!.uuid}/timeseries/RT401?from=yesterday&to=now`, 400],
      [`/${oslo!.uuid}/timeseries/RT401?to=1`, 400],
      [`/${oslo!.uuid}/timeseries/RT401?from=2000&to=1000`, 400],
      [`/${oslo!.uuid}/timeseries/JP401?from=0&to=1000`, 404],
      [`/${outsideAdmin.uuid}/timeseries/RT401?from=0&to=1000`, 403],
      [`/not-a-site/timeseries/RT401?from=0&to=1000`, 404],
      [`/${oslo!.uuid}/value/RT401?ts=1000`, 404],
    ];
    for (const [path, status] of cases) {
      const answer = await get(path);
      expect(answer.status, path).toBe(status);
      expect(typeof answer.body.detail, path).toBe('string');
    }
    const noToken = await call(cloud, `/cloud/historian/${oslo!.uuid}/tags`);
    expect(noToken.status).toBe(401);
  });
});
