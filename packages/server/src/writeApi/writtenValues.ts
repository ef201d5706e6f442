import type { WrittenValue } from '@varde/core/contract';
import type { Db } from '../storage/db.js';

/** A point as the historian serves it. */
export interface WrittenPoint {
  ts: number;
  v: number;
}

export interface WriteRecord {
  controller: string;
  tag: string;
  ts: number;
  value?: number;
  valueText?: string;
  writtenBy: string;
  /** Set when a cloud-function run wrote it (the run's report lists its writes). */
  runId?: string;
}

/**
 * Values written through the write API, kept beside the historian's generated series: the historian
 * merges the numbers into what it serves (a written point wins over a generated one at the same time).
 */
export interface WrittenValues {
  write(record: WriteRecord): Promise<void>;
  /** The last number at or before ts. */
  numberAtOrBefore(controller: string, tag: string, ts: number): Promise<WrittenPoint | null>;
  /** Whether any number was written to the tag (a tag may exist only through writes). */
  hasNumbers(controller: string, tag: string): Promise<boolean>;
  byRun(runId: string): Promise<WrittenValue[]>;
}

interface Row {
  controller: string;
  tag: string;
  ts: number;
  value: number | null;
  value_text: string | null;
}

type NumberRow = { ts: number; value: number };

export function createWrittenValues(db: Db): WrittenValues {
  /** The numbers written to one tag (the base of every read here). */
  const numbersOf = (controller: string, tag: string) =>
    db
      .selectFrom('written_values')
      .select(['ts', 'value'])
      .where('controller', '=', controller.toLowerCase())
      .where('tag', '=', tag)
      .where('value', 'is not', null);

  const point = (row: NumberRow | undefined): WrittenPoint | null => (row ? { ts: row.ts, v: row.value } : null);

  return {
    async write(record) {
      await db
        .insertInto('written_values')
        .values({
          controller: record.controller.toLowerCase(),
          tag: record.tag,
          ts: record.ts,
          value: record.value ?? null,
          value_text: record.valueText ?? null,
          written_by: record.writtenBy,
          run_id: record.runId ?? null,
        })
        .execute();
    },
    async numberAtOrBefore(controller, tag, ts) {
      const row = await numbersOf(controller, tag).where('ts', '<=', ts).orderBy('ts', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return point(row as NumberRow | undefined);
    },
    async hasNumbers(controller, tag) {
      return (await numbersOf(controller, tag).limit(1).executeTakeFirst()) !== undefined;
    },
    async byRun(runId) {
      const rows = (await db
        .selectFrom('written_values')
        .select(['controller', 'tag', 'ts', 'value', 'value_text'])
        .where('run_id', '=', runId)
        .orderBy('id')
        .execute()) as Row[];
      return rows.map((row) => ({
        controllerId: row.controller,
        tag: row.tag,
        timestamp: row.ts,
        dataType: row.value === null ? 'string' : 'number',
        ...(row.value !== null ? { value: row.value } : {}),
        ...(row.value_text !== null ? { valueText: row.value_text } : {}),
      }));
    },
  };
}

/**
 * Merges written points into the historian's generated ones for a read of [from, to]: a written point
 * replaces a generated one at the same time; then only one point before `from` and one after `to` stay.
 */
export function mergeWrittenPoints(generated: WrittenPoint[], written: WrittenPoint[], from: number, to: number): WrittenPoint[] {
  if (written.length === 0) return generated;
  const byTs = new Map<number, WrittenPoint>();
  for (const p of generated) byTs.set(p.ts, p);
  for (const p of written) byTs.set(p.ts, p);
  const sorted = [...byTs.values()].sort((a, b) => a.ts - b.ts);
  const beforeFrom = sorted.filter((p) => p.ts < from).at(-1);
  const afterTo = sorted.find((p) => p.ts > to);
  const inside = sorted.filter((p) => p.ts >= from && p.ts <= to);
  return [...(beforeFrom ? [beforeFrom] : []), ...inside, ...(afterTo ? [afterTo] : [])];
}
