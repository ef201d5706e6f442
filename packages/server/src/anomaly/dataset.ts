import type { SeriesPoint } from '../historian/series.js';

/** One column per model tag, one row per timestamp every tag has a value for. */
export interface Dataset {
  columns: string[];
  timestamps: number[];
  rows: number[][];
}

/**
 * Joins series on their timestamps (inner join): a row needs a value of every tag. Each series is in time
 * order with one point per timestamp, as the historian reads it, so one pass walks them side by side (a
 * year of 15-minute points per tag: maps of every timestamp cost the training more than the clustering).
 */
export function alignSeries(columns: string[], series: SeriesPoint[][]): Dataset {
  const timestamps: number[] = [];
  const rows: number[][] = [];
  const cursors = series.map(() => 0);
  for (const point of series[0] ?? []) {
    const row = [point.v];
    for (let c = 1; c < series.length; c += 1) {
      const points = series[c]!;
      let at = cursors[c]!;
      while (at < points.length && points[at]!.ts < point.ts) at += 1;
      cursors[c] = at;
      if (points[at]?.ts !== point.ts) break;
      row.push(points[at]!.v);
    }
    if (row.length === series.length) {
      timestamps.push(point.ts);
      rows.push(row);
    }
  }
  return { columns, timestamps, rows };
}

/** At most `size` rows, evenly spread over the window (deterministic, keeps the daily and yearly cycles). */
export function subsetOf(dataset: Dataset, size: number): Dataset {
  const n = dataset.rows.length;
  if (n <= size) return dataset;
  const picked: number[] = [];
  for (let i = 0; i < size; i += 1) picked.push(Math.floor((i * n) / size));
  return {
    columns: dataset.columns,
    timestamps: picked.map((i) => dataset.timestamps[i]!),
    rows: picked.map((i) => dataset.rows[i]!),
  };
}

export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

export interface ColumnStats {
  mean: number;
  std: number;
  min: number;
  max: number;
  q1: number;
  median: number;
  q3: number;
}

/** The values in ascending order: a typed array sorts numbers natively, many times faster than a comparator. */
export function sortedValues(values: readonly number[]): Float64Array {
  return Float64Array.from(values).sort();
}

export function columnStats(values: readonly number[]): ColumnStats {
  const sorted = sortedValues(values);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  return {
    mean,
    std: Math.sqrt(variance),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
  };
}
