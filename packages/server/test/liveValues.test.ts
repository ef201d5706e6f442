import { afterAll, beforeAll, expect, it } from 'vitest';
import { realtimePaths } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** Issue 16: the simulation writes the online sites' live values, agreeing with the historian's trend. */
let cloud: Cloud;
beforeAll(async () => {
  cloud = await startCloud({ seed: 'demo' });
});
afterAll(() => cloud.close());

it('each step writes every series of an online site to controllers/{uuid}/tags/{tag}/v, near its last stored point', async () => {
  const site = demoSites()[0]!;
  const series = await cloud.context.historian.seriesOf(site.uuid);
  expect(series.length).toBeGreaterThan(0);
  const path = realtimePaths.tagValue(site.uuid, series[0]!.tag);
  await cloud.context.simulation.step();
  const first = (await cloud.context.realtime.get(path)) as number;
  await cloud.context.simulation.step();
  const second = (await cloud.context.realtime.get(path)) as number;
  expect(typeof first).toBe('number');
  expect(second).not.toBe(first);

  const now = cloud.context.clock.now();
  const points = (await cloud.context.historian.read(site.uuid, series[0]!.tag, now - 3_600_000, now))!;
  const values = points.map((point) => point.v);
  const spread = Math.max(...values) - Math.min(...values) + 1;
  expect(second).toBeGreaterThan(Math.min(...values) - spread);
  expect(second).toBeLessThan(Math.max(...values) + spread);
});
