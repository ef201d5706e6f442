import { columnStats, type Dataset } from './dataset.js';
import { svgToPng } from './svgToPng.js';
import { violinSvg, type ViolinPlotData } from './violinSvg.js';

/**
 * The violin plot of the data a version was trained on: one violin per tag (its own value scale), a
 * kernel density estimate mirrored around the centre line, the quartile box and median, and the rows
 * the model marked as noise in red. This file holds the data; violinSvg.ts draws it, svgToPng.ts
 * rasterises it for the contract's image/png.
 */
const DENSITY_ROWS = 200;

/** Density at `rows` evenly spaced values from max (index 0) down to min. */
function densityProfile(values: readonly number[], min: number, max: number, rows: number): number[] {
  const histogram = new Array<number>(rows).fill(0);
  const span = max - min || 1;
  for (const v of values) {
    const row = Math.min(rows - 1, Math.max(0, Math.round(((max - v) / span) * (rows - 1))));
    histogram[row]! += 1;
  }
  // Gaussian smoothing; bandwidth by Silverman's rule, in rows.
  const stats = columnStats(values);
  const bandwidthValue = 1.06 * (stats.std || span / 10) * values.length ** -0.2;
  const sigma = Math.max(1.5, (bandwidthValue / span) * (rows - 1));
  const reach = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: reach * 2 + 1 }, (_, i) => Math.exp(-(((i - reach) / sigma) ** 2) / 2));
  return histogram.map((_, row) => {
    let sum = 0;
    for (let k = -reach; k <= reach; k += 1) sum += (histogram[row + k] ?? 0) * kernel[k + reach]!;
    return sum;
  });
}

export interface ViolinPlotInput {
  title: string;
  dataset: Dataset;
  /** Per row: cluster index, -1 = noise. */
  labels: Int32Array;
}

export function violinPlotData({ title, dataset, labels }: ViolinPlotInput): ViolinPlotData {
  const noiseRows = labels.reduce((sum, label) => sum + (label < 0 ? 1 : 0), 0);
  const rows = dataset.columns.map((tag, c) => {
    const values = dataset.rows.map((row) => row[c]!);
    const stats = columnStats(values);
    const noise: { value: number; jitter: number }[] = [];
    dataset.rows.forEach((row, r) => {
      // Spread sideways a little (the same way every time) so noise rows do not hide each other.
      if (labels[r]! < 0) noise.push({ value: row[c]!, jitter: (((r * 2654435761) >>> 0) % 1000) / 1000 - 0.5 });
    });
    return { tag, min: stats.min, max: stats.max, q1: stats.q1, median: stats.median, q3: stats.q3, density: densityProfile(values, stats.min, stats.max, DENSITY_ROWS), noise };
  });
  return { title, samples: dataset.rows.length, noiseRows, rows };
}

/** The plot as SVG (crisp at any size). */
export function renderViolinSvg(input: ViolinPlotInput): string {
  return violinSvg(violinPlotData(input));
}

/** The plot as PNG, which GET /v0/image/{model}/{version}/violin_plot answers. */
export function renderViolinPlot(input: ViolinPlotInput): Buffer {
  return svgToPng(renderViolinSvg(input));
}
