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
  write(record: WriteRecord): void;
  /** Numbers in [from, to] plus the last before and the first after, oldest first. */
  numbersBetween(controller: string, tag: string, from: number, to: number): WrittenPoint[];
  /** The last number at or before ts. */
  numberAtOrBefore(controller: string, tag: string, ts: number): WrittenPoint | null;
  /** Whether any number was written to the tag (a tag may exist only through writes). */
  hasNumbers(controller: string, tag: string): boolean;
  byRun(runId: string): WrittenValue[];
}

interface Row {
  controller: string;
  tag: string;
  ts: number;
  value: number | null;
  value_text: string | null;
}

export function createWrittenValues(db: Db): WrittenValues {
  const insert = db.prepare(
    'INSERT INTO written_values (controller, tag, ts, value, value_text, written_by, run_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // The latest write for a time wins: ORDER BY id picks it last.
  const inside = db.prepare(
    `SELECT ts, value FROM written_values WHERE controller = ? AND tag = ? AND value IS NOT NULL AND ts BETWEEN ? AND ? ORDER BY ts, id`,
  );
  const before = db.prepare(
    `SELECT ts, value FROM written_values WHERE controller = ? AND tag = ? AND value IS NOT NULL AND ts < ? ORDER BY ts DESC, id DESC LIMIT 1`,
  );
  const after = db.prepare(
    `SELECT ts, value FROM written_values WHERE controller = ? AND tag = ? AND value IS NOT NULL AND ts > ? ORDER BY ts, id DESC LIMIT 1`,
  );
  const atOrBefore = db.prepare(
    `SELECT ts, value FROM written_values WHERE controller = ? AND tag = ? AND value IS NOT NULL AND ts <= ? ORDER BY ts DESC, id DESC LIMIT 1`,
  );
  const any = db.prepare('SELECT 1 FROM written_values WHERE controller = ? AND tag = ? AND value IS NOT NULL LIMIT 1');
  const ofRun = db.prepare('SELECT controller, tag, ts, value, value_text FROM written_values WHERE run_id = ? ORDER BY id');

  const point = (row: { ts: number; value: number } | undefined): WrittenPoint | null =>
    row ? { ts: row.ts, v: row.value } : null;

  return {
    write(record) {
      insert.run(
        record.controller.toLowerCase(), record.tag, record.ts, record.value ?? null, record.valueText ?? null,
        record.writtenBy, record.runId ?? null,
      );
    },
    numbersBetween(controller, tag, from, to) {
      const key = controller.toLowerCase();
      const rows = inside.all(key, tag, from, to) as { ts: number; value: number }[];
      // Several writes at one time: keep the last.
      const byTs = new Map<number, WrittenPoint>();
      for (const row of rows) byTs.set(row.ts, { ts: row.ts, v: row.value });
      const first = point(before.get(key, tag, from) as { ts: number; value: number } | undefined);
      const last = point(after.get(key, tag, to) as { ts: number; value: number } | undefined);
      return [...(first ? [first] : []), ...byTs.values(), ...(last ? [last] : [])];
    },
    numberAtOrBefore(controller, tag, ts) {
      return point(atOrBefore.get(controller.toLowerCase(), tag, ts) as { ts: number; value: number } | undefined);
    },
    hasNumbers: (controller, tag) => any.get(controller.toLowerCase(), tag) !== undefined,
    byRun(runId) {
      return (ofRun.all(runId) as Row[]).map((row) => ({
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
