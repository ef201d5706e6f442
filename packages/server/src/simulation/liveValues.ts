import { realtimePaths } from '@varde/core/contract';
import type { Historian } from '../historian/historianStore.js';
import { indexAtOrBefore, valueAt } from '../historian/series.js';
import type { RealtimeTree } from '../realtime/tree.js';

/**
 * What a connected controller does all day: its measured values change. Each simulation step writes
 * the current value of every historian series of the online sites to the realtime database
 * (`controllers/{uuid}/tags/{tag}/v`), so a site page shows live values that agree with the trend:
 * between two stored points the value moves along the line joining them, with a small wobble per step.
 */
export async function writeLiveValues(realtime: RealtimeTree, historian: Historian, siteUuids: readonly string[], now: number, step: number): Promise<void> {
  const values: Record<string, number> = {};
  // One read for every site's series: a step comes every few seconds, and a read per site was most of one on PostgreSQL.
  const seriesByController = await historian.seriesOfControllers(siteUuids);
  for (const uuid of siteUuids) {
    for (const series of seriesByController.get(uuid.toLowerCase()) ?? []) {
      const index = indexAtOrBefore(series, now);
      if (index < 0) continue;
      const [from, to] = [valueAt(series, index), valueAt(series, index + 1)];
      const along = (now - (series.startAt + index * series.intervalMs)) / series.intervalMs;
      const factor = 10 ** series.profile.decimals;
      // Up and down in turn, at least a few units of the shown precision: every step is a visible change.
      const wobble = (step % 2 === 0 ? 1 : -1) * (0.6 + 0.4 * Math.abs(Math.sin(step))) * Math.max(3 / factor, 0.05 * Math.abs(from - to));
      values[realtimePaths.tagValue(uuid, series.tag).replace(/^\/controllers\//, '')] = Math.round((from + (to - from) * along + wobble) * factor) / factor;
    }
  }
  if (Object.keys(values).length > 0) await realtime.update('/controllers', values);
}
