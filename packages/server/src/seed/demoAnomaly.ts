import { partnerOfUser } from '../partners/partnerScope.js';
import { defaultNewVersion, type ModelTag } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import type { SeriesProfile } from '../historian/series.js';
import { demoSites } from './demoSites.js';
import { demoUid } from './demoSeed.js';

const DAY_MS = 86_400_000;
/** The historian holds this many days back from the seed time, every 15 minutes. */
export const HISTORIAN_DAYS = 400;
export const HISTORIAN_INTERVAL_MS = 15 * 60_000;

/** Numeric demo tags (demoCatalogue.ts) and how their values behave; the other tags have no history. */
export const HISTORIAN_PROFILES: Record<string, { unit: string; profile: SeriesProfile }> = {
  RT401: { unit: '°C', profile: { base: 21.5, yearly: 0.8, daily: 1.2, noise: 0.25, spikeRate: 0.002, spikeSize: 5, decimals: 2 } },
  RT402: { unit: '°C', profile: { base: 21.2, yearly: 0.6, daily: 1.6, noise: 0.3, spikeRate: 0.002, spikeSize: 4, decimals: 2 } },
  RT901: { unit: '°C', profile: { base: 5, yearly: 9, daily: 3, noise: 1.2, spikeRate: 0.001, spikeSize: 12, decimals: 2 } },
  SB401: { unit: '%', profile: { base: 40, yearly: -30, daily: -12, noise: 4, spikeRate: 0.002, spikeSize: 45, min: 0, max: 100, decimals: 1 } },
  FT401: { unit: 'Hz', profile: { base: 42, yearly: 0, daily: 5, noise: 0.8, spikeRate: 0.002, spikeSize: 12, decimals: 1 } },
  PT501: { unit: 'bar', profile: { base: 4.4, yearly: -0.2, daily: 0.15, noise: 0.05, spikeRate: 0.002, spikeSize: 1.2, decimals: 3 } },
  LT601: { unit: 'm', profile: { base: 2.8, yearly: 0.1, daily: 0.2, noise: 0.03, spikeRate: 0.001, spikeSize: 1.5, min: 0, decimals: 3 } },
  OE001: { unit: 'kW', profile: { base: 55, yearly: -20, daily: 20, noise: 4, spikeRate: 0.002, spikeSize: 60, min: 0, decimals: 1 } },
  QT701: { unit: 'ppm', profile: { base: 700, yearly: 0, daily: 280, noise: 60, spikeRate: 0.002, spikeSize: 900, min: 380, decimals: 0 } },
};

function seedOf(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * The historian's series (every demo site, every numeric tag, 400 days back) and demo ML models:
 * one with a trained (READY) version and a fresh one, one with a fresh version, one without versions.
 */
export async function seedDemoAnomaly(ctx: CloudContext): Promise<void> {
  const now = ctx.clock.now();
  const startAt = Math.floor((now - HISTORIAN_DAYS * DAY_MS) / HISTORIAN_INTERVAL_MS) * HISTORIAN_INTERVAL_MS;
  const sites = demoSites();
  // Side by side: on PostgreSQL the pool's connections take them at once.
  await Promise.all(sites.flatMap((site, index) =>
    Object.entries(HISTORIAN_PROFILES).map(([tag, { unit, profile }]) => {
      // Each site runs a little warmer or colder than the next.
      const shifted = { ...profile, base: profile.base + ((index % 7) - 3) * 0.04 * Math.abs(profile.base) };
      return ctx.historian.define({ controller: site.uuid, tag, unit, profile: shifted, seed: seedOf(`${site.uuid}/${tag}`), startAt, intervalMs: HISTORIAN_INTERVAL_MS });
    })));

  const [first, second, third] = sites;
  if (!first || !second || !third) return;
  const tags = (site: { uuid: string }, names: string[]): ModelTag[] => names.map((tag) => ({ controller: site.uuid, tag }));
  const by = demoUid('admin');
  const partner = await partnerOfUser(ctx, by);
  const { store, training } = ctx.anomaly;

  const rooms = await store.createModel({
    name: `ventilation/${first.name.toLowerCase().replace(/\s+/g, '-')}/room-temperatures`,
    description: 'Room and outdoor temperatures; flags rooms that drift away from the usual pattern.',
    tags: tags(first, ['RT401', 'RT402', 'RT901']),
    labels: { owner: 'drift', site: first.name },
    parameters: { sampling: '15min' },
  }, by, partner);
  // The model was just made, so its version is too.
  const baseline = (await store.createVersion(rooms.model_id, { ...defaultNewVersion(now), name: 'baseline', description: 'Trained on the last year.' }))!;
  await training.start(rooms.model_id, baseline.version_id);
  await training.runUntilIdle();
  await store.createVersion(rooms.model_id, defaultNewVersion(now));

  const heating = await store.createModel({
    name: `heating/${second.name.toLowerCase().replace(/\s+/g, '-')}/district-heating`,
    description: 'District heating pressure against the heating valve.',
    tags: tags(second, ['PT501', 'SB401']),
    labels: { owner: 'energi' },
    parameters: {},
  }, by, partner);
  await store.createVersion(heating.model_id, defaultNewVersion(now));

  await store.createModel({
    name: 'ventilation/co2-classrooms',
    description: 'CO2 and supply fan speed (no versions yet: tags and parameters can still change).',
    tags: tags(third, ['QT701', 'FT401']),
    labels: {},
    parameters: { sampling: '15min' },
  }, by, partner);
}
