import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { pointsBetween, type SeriesDefinition, type SeriesPoint, type SeriesProfile } from './series.js';

/** At most this many points per read (400 days of 5-minute data fit). */
export const MAX_POINTS_PER_READ = 120_000;

export interface SeriesRow {
  controller: string;
  tag: string;
  unit: string;
  profile: string;
  seed: number;
  start_at: number;
  interval_ms: number;
}

export function fromRow(row: SeriesRow): SeriesDefinition {
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

/** The historian: series definitions in the database, values generated on read (series.ts). */
export interface Historian {
  define(series: SeriesDefinition): Promise<void>;
  series(controller: string, tag: string): Promise<SeriesDefinition | null>;
  seriesOf(controller: string): Promise<SeriesDefinition[]>;
  /** The series of several controllers in one read (the simulation's every step), each by tag; keys are lower case. */
  seriesOfControllers(controllers: readonly string[]): Promise<Map<string, SeriesDefinition[]>>;
  /** Points in [from, to] plus one on each side; null when the controller has no such tag. */
  read(controller: string, tag: string, from: number, to: number): Promise<SeriesPoint[] | null>;
}

const COLUMNS = ['controller', 'tag', 'unit', 'profile', 'seed', 'start_at', 'interval_ms'] as const;

export function createHistorian(db: Db, clock: Clock): Historian {
  async function series(controller: string, tag: string): Promise<SeriesDefinition | null> {
    const row = (await db
      .selectFrom('historian_series')
      .select(COLUMNS)
      .where('controller', '=', controller.toLowerCase())
      .where('tag', '=', tag)
      .executeTakeFirst()) as SeriesRow | undefined;
    return row ? fromRow(row) : null;
  }

  return {
    async define(definition) {
      const row = {
        controller: definition.controller.toLowerCase(),
        tag: definition.tag,
        unit: definition.unit,
        profile: JSON.stringify(definition.profile),
        seed: definition.seed,
        start_at: definition.startAt,
        interval_ms: definition.intervalMs,
      };
      // A series defined again replaces the definition.
      await db
        .insertInto('historian_series')
        .values(row)
        .onConflict((oc) => oc.columns(['controller', 'tag']).doUpdateSet({
          unit: row.unit, profile: row.profile, seed: row.seed, start_at: row.start_at, interval_ms: row.interval_ms,
        }))
        .execute();
    },
    series,
    async seriesOf(controller) {
      const rows = (await db
        .selectFrom('historian_series')
        .select(COLUMNS)
        .where('controller', '=', controller.toLowerCase())
        .orderBy('tag')
        .execute()) as SeriesRow[];
      return rows.map(fromRow);
    },
    async seriesOfControllers(controllers) {
      const keys = [...new Set(controllers.map((controller) => controller.toLowerCase()))];
      const byController = new Map<string, SeriesDefinition[]>(keys.map((key) => [key, []]));
      // A few hundred sites per statement: far below either engine's limit on bound parameters.
      for (let i = 0; i < keys.length; i += 500) {
        const rows = (await db
          .selectFrom('historian_series')
          .select(COLUMNS)
          .where('controller', 'in', keys.slice(i, i + 500))
          .orderBy('controller')
          .orderBy('tag')
          .execute()) as SeriesRow[];
        for (const row of rows) byController.get(row.controller)?.push(fromRow(row));
      }
      return byController;
    },
    async read(controller, tag, from, to) {
      const definition = await series(controller, tag);
      return definition ? pointsBetween(definition, from, to, clock.now()) : null;
    },
  };
}
