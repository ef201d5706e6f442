import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let api: Record<string, string>;
let historian: Record<string, string>;
const site = demoSites()[2]!;

beforeAll(async () => {
  cloud = await startCloud();
  const tokens = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
  api = bearer(tokens[serviceHostName('api', 'localhost')]!);
  historian = bearer(tokens[serviceHostName('historian', 'localhost')]!);
});
afterAll(() => cloud.close());

const write = (tag: string, body: unknown, headers = api) =>
  call(cloud, `/cloud/api/v1/controllers/${site.uuid}/tags/${tag}`, { headers, json: body });

describe('write API', () => {
  it('writes a number that the historian serves (value and timeseries), and answers with the status only', async () => {
    const ts = Date.UTC(2026, 0, 5, 12, 0, 0);
    const answer = await write('SP401', { timestamp: new Date(ts).toISOString(), dataType: 'number', value: 21.5 });
    expect([answer.status, answer.body]).toEqual([200, '']);
    await write('SP401', { timestamp: ts + 60_000, dataType: 'number', value: 22 });
    const value = await call(cloud, `/cloud/historian/${site.uuid}/value/SP401?ts=${ts + 30_000}&time_format=epoch`, { headers: historian });
    expect(value.body).toEqual({ ts, value: 21.5 });
    const series = await call(cloud, `/cloud/historian/${site.uuid}/timeseries/SP401?from=${ts}&to=${ts}&time_format=epoch`, { headers: historian });
    expect(series.body).toEqual([{ ts, v: 21.5 }, { ts: ts + 60_000, v: 22 }]);
  });

  it('overrides a generated point of a seeded tag at the same time', async () => {
    const from = Date.now() - 3 * 3_600_000;
    const before = await call(cloud, `/cloud/historian/${site.uuid}/timeseries/RT401?from=${from}&to=${from + 3_600_000}&time_format=epoch`, { headers: historian });
    const point = before.body[2];
    await write('RT401', { timestamp: point.ts, dataType: 'number', value: -99 });
    const after = await call(cloud, `/cloud/historian/${site.uuid}/timeseries/RT401?from=${from}&to=${from + 3_600_000}&time_format=epoch`, { headers: historian });
    expect(after.body.length).toBe(before.body.length);
    expect(after.body[2]).toEqual({ ts: point.ts, v: -99 });
  });

  it('accepts texts, and refuses bad bodies, foreign sites and run ids that are not running', async () => {
    expect((await write('MODE', { timestamp: Date.now(), dataType: 'string', valueText: 'auto' })).status).toBe(200);
    const bad = await write('X', { timestamp: 'yesterday', dataType: 'number', value: 1 });
    expect([bad.status, bad.body.detail]).toEqual([400, expect.stringMatching(/^timestamp: not a time/)]);
    expect((await write('X', { timestamp: 1, dataType: 'number', value: 'one' })).status).toBe(400);
    expect((await write('X', { timestamp: 1, dataType: 'bool', value: true })).status).toBe(400);
    const foreign = await call(cloud, `/cloud/api/v1/controllers/${demoSites()[50]!.uuid}/tags/X`, {
      headers: api, json: { timestamp: 1, dataType: 'number', value: 1 },
    });
    expect(foreign.status).toBe(403);
    const run = await call(cloud, `/cloud/api/runs/00000000-0000-4000-8000-000000000000/v1/controllers/${site.uuid}/tags/X`, {
      headers: api, json: { timestamp: 1, dataType: 'number', value: 1 },
    });
    expect(run.status).toBe(404);
  });
});
