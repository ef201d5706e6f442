import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { countBetween, pointsBetween, type SeriesDefinition, type SeriesPoint, type SeriesProfile } from './series.js';

/** At most this many points per read (400 days of 5-minute data fit). */
export const MAX_POINTS_PER_READ = 120_000;

interface SeriesRow {
  controller: string;
  tag: string;
  unit: string;
  profile: string;
  seed: number;
  start_at: number;
  interval_ms: number;
}

function fromRow(row: SeriesRow): SeriesDefinition {
  return {
    controller: row.controller,
    tag: row.tag,
    unit: row.unit,
    profile: JSON.parse(row.profile) as SeriesProfile,
    seed: row.seed,
    startAt: row.start_at,
    intervalMs: row.interval_ms,
  };
}

/** The historian: series definitions in SQLite, values generated on read (series.ts). */
export interface Historian {
  define(series: SeriesDefinition): void;
  series(controller: string, tag: string): SeriesDefinition | null;
  seriesOf(controller: string): SeriesDefinition[];
  /** Points in [from, to] plus one on each side; null when the controller has no such tag. */
  read(controller: string, tag: string, from: number, to: number): SeriesPoint[] | null;
  count(controller: string, tag: string, from: number, to: number): number;
}

export function createHistorian(db: Db, clock: Clock): Historian {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO historian_series (controller, tag, unit, profile, seed, start_at, interval_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const one = db.prepare('SELECT * FROM historian_series WHERE controller = ? AND tag = ?');
  const ofController = db.prepare('SELECT * FROM historian_series WHERE controller = ? ORDER BY tag');

  function series(controller: string, tag: string): SeriesDefinition | null {
    const row = one.get(controller.toLowerCase(), tag) as SeriesRow | undefined;
    return row ? fromRow(row) : null;
  }

  return {
    define(definition) {
      insert.run(
        definition.controller.toLowerCase(), definition.tag, definition.unit, JSON.stringify(definition.profile),
        definition.seed, definition.startAt, definition.intervalMs,
      );
    },
    series,
    seriesOf: (controller) => (ofController.all(controller.toLowerCase()) as SeriesRow[]).map(fromRow),
    read(controller, tag, from, to) {
      const definition = series(controller, tag);
      return definition ? pointsBetween(definition, from, to, clock.now()) : null;
    },
    count(controller, tag, from, to) {
      const definition = series(controller, tag);
      return definition ? countBetween(definition, from, to, clock.now()) : 0;
    },
  };
}
