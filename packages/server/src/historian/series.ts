/**
 * Deterministic time series. A series is a definition (profile, seed, start, interval); its value at
 * point i is a pure function of them: yearly and daily cycles, seeded noise and rare spikes (the
 * anomalies a model should find). So 400 days of 15-minute data cost no storage and are the same on
 * every run, and "now" just extends the series.
 */

export interface SeriesProfile {
  base: number;
  /** Amplitude of the yearly cycle (peak in mid July; negative peaks in winter). */
  yearly: number;
  /** Amplitude of the daily cycle (peak mid afternoon). */
  daily: number;
  /** Standard deviation of the noise. */
  noise: number;
  /** Chance of a spike at a point, and its size. */
  spikeRate: number;
  spikeSize: number;
  min?: number;
  max?: number;
  decimals: number;
}

export interface SeriesDefinition {
  controller: string;
  tag: string;
  unit: string;
  profile: SeriesProfile;
  seed: number;
  /** First point (epoch ms, a multiple of intervalMs). */
  startAt: number;
  intervalMs: number;
}

export interface SeriesPoint {
  ts: number;
  v: number;
}

/** A 32-bit integer hash of (seed, index) turned into [0, 1). */
function unitHash(seed: number, index: number, salt: number): number {
  let h = (seed ^ Math.imul(index, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

function gaussian(seed: number, index: number): number {
  const u = Math.max(unitHash(seed, index, 1), 1e-12);
  const w = unitHash(seed, index, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
}

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** Mid July, as a fraction of the year from 1 January. */
const SUMMER_PHASE = 0.54;

/** The UTC year of the last lookup, [from, to): series are read in time order, so most points share it. */
const lastYear = { from: 0, to: 0 };

/** The first millisecond of the UTC year holding `ts`, without a Date per point. */
function yearStart(ts: number): number {
  if (ts < lastYear.from || ts >= lastYear.to) {
    const year = new Date(ts).getUTCFullYear();
    lastYear.from = Date.UTC(year, 0, 1);
    lastYear.to = Date.UTC(year + 1, 0, 1);
  }
  return lastYear.from;
}

export function valueAt(series: SeriesDefinition, index: number): number {
  const { profile, seed } = series;
  const ts = series.startAt + index * series.intervalMs;
  const yearPhase = ((ts - yearStart(ts)) / YEAR_MS) % 1;
  // Local (UTC+1) hour of day; the daily peak is at 15:00.
  const dayPhase = (((ts + 3_600_000) % DAY_MS) / DAY_MS + 1) % 1;
  let v =
    profile.base +
    profile.yearly * Math.cos(2 * Math.PI * (yearPhase - SUMMER_PHASE)) +
    profile.daily * Math.cos(2 * Math.PI * (dayPhase - 15 / 24)) +
    profile.noise * gaussian(seed, index);
  if (unitHash(seed, index, 3) < profile.spikeRate) v += (unitHash(seed, index, 4) < 0.5 ? -1 : 1) * profile.spikeSize;
  if (profile.min !== undefined) v = Math.max(profile.min, v);
  if (profile.max !== undefined) v = Math.min(profile.max, v);
  const scale = 10 ** profile.decimals;
  return Math.round(v * scale) / scale;
}

/** Index of the last point at or before `ts` (may be negative: before the series starts). */
export function indexAtOrBefore(series: SeriesDefinition, ts: number): number {
  return Math.floor((ts - series.startAt) / series.intervalMs);
}

export function pointAt(series: SeriesDefinition, index: number): SeriesPoint {
  return { ts: series.startAt + index * series.intervalMs, v: valueAt(series, index) };
}

/**
 * The points in [from, to], plus the last one before and the first one after (when they exist), as
 * the real historian answers. Nothing after `now` exists yet.
 */
export function pointsBetween(series: SeriesDefinition, from: number, to: number, now: number): SeriesPoint[] {
  const last = indexAtOrBefore(series, now);
  if (last < 0 || to < from) return [];
  const firstInside = Math.ceil((from - series.startAt) / series.intervalMs);
  const lastInside = indexAtOrBefore(series, to);
  const start = Math.max(0, firstInside - 1);
  const end = Math.min(last, lastInside + 1);
  const points: SeriesPoint[] = [];
  for (let index = start; index <= end; index += 1) points.push(pointAt(series, index));
  return points;
}

/** Number of points pointsBetween would return (to refuse huge ranges before generating them). */
export function countBetween(series: SeriesDefinition, from: number, to: number, now: number): number {
  const last = indexAtOrBefore(series, now);
  if (last < 0 || to < from) return 0;
  const start = Math.max(0, Math.ceil((from - series.startAt) / series.intervalMs) - 1);
  const end = Math.min(last, indexAtOrBefore(series, to) + 1);
  return Math.max(0, end - start + 1);
}
