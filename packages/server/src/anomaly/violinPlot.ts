import { columnStats, type Dataset } from './dataset.js';
import { encodePng } from './png.js';
import { Raster, type Rgb } from './raster.js';

/**
 * The violin plot of the data a version was trained on: one violin per tag (its own value scale,
 * min at the bottom, max at the top), a kernel density estimate mirrored around the centre, the
 * quartile box and median, and the rows the model marked as noise in red.
 */
const PALETTE: Rgb[] = [[63, 111, 216], [0, 150, 136], [245, 124, 0], [142, 68, 173], [0, 172, 193], [124, 179, 66]];
const INK: Rgb = [33, 33, 33];
const MUTED: Rgb = [110, 110, 110];
const NOISE: Rgb = [211, 47, 47];
const HEIGHT = 420;
const TOP = 64;
const BOTTOM = HEIGHT - 56;

function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1000) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** Density at each pixel row of the plot area (index 0 = top = max value). */
function densityProfile(values: readonly number[], min: number, max: number, rows: number): number[] {
  const histogram = new Array<number>(rows).fill(0);
  const span = max - min || 1;
  for (const v of values) {
    const row = Math.min(rows - 1, Math.max(0, Math.round(((max - v) / span) * (rows - 1))));
    histogram[row]! += 1;
  }
  // Gaussian smoothing; bandwidth by Silverman's rule, in pixel rows.
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

export function renderViolinPlot({ title, dataset, labels }: ViolinPlotInput): Buffer {
  const n = Math.max(1, dataset.columns.length);
  const columnWidth = n <= 3 ? 200 : 150;
  const width = Math.min(1600, Math.max(520, n * columnWidth + 40));
  const raster = new Raster(width, HEIGHT, [255, 255, 255]);
  const usable = (width - 40) / n;
  const plotRows = BOTTOM - TOP;

  const titleScale = Raster.textWidth(title, 2) <= width - 40 ? 2 : 1;
  raster.text(20, titleScale === 2 ? 14 : 20, title.slice(0, Math.floor((width - 40) / (6 * titleScale))), INK, titleScale);
  const noise = labels.reduce((sum, label) => sum + (label < 0 ? 1 : 0), 0);
  raster.text(20, 36, `${dataset.rows.length} SAMPLES  ${noise} NOISE`, MUTED, 1);
  raster.fillRect(20, BOTTOM + 4, width - 40, 1, [200, 200, 200]);

  dataset.columns.forEach((column, c) => {
    const values = dataset.rows.map((row) => row[c]!);
    const stats = columnStats(values);
    const centre = 20 + usable * c + usable / 2;
    const maxHalf = usable * 0.38;
    const span = stats.max - stats.min || 1;
    const yOf = (v: number) => TOP + ((stats.max - v) / span) * (plotRows - 1);
    const color = PALETTE[c % PALETTE.length]!;

    const density = densityProfile(values, stats.min, stats.max, plotRows);
    const peak = Math.max(...density) || 1;
    density.forEach((d, row) => {
      const half = (d / peak) * maxHalf;
      if (half >= 0.5) raster.fillRect(centre - half, TOP + row, half * 2, 1, color, 0.55);
    });
    // Quartile box and median.
    raster.fillRect(centre - 3, yOf(stats.q3), 6, Math.max(1, yOf(stats.q1) - yOf(stats.q3)), INK, 0.85);
    raster.fillRect(centre - 6, yOf(stats.median) - 1, 12, 3, [255, 255, 255]);
    // Noise rows, spread sideways a little so they do not hide each other.
    dataset.rows.forEach((row, r) => {
      if (labels[r]! >= 0) return;
      const jitter = (((r * 2654435761) >>> 0) % 1000) / 1000 - 0.5;
      raster.fillRect(centre + jitter * maxHalf * 0.8 - 1, yOf(row[c]!) - 1, 3, 3, NOISE);
    });

    const maxText = formatNumber(stats.max);
    const minText = formatNumber(stats.min);
    raster.text(centre - Raster.textWidth(maxText) / 2, TOP - 12, maxText, MUTED);
    raster.text(centre - Raster.textWidth(minText) / 2, BOTTOM + 9, minText, MUTED);
    const scale = Raster.textWidth(column, 2) <= usable - 8 ? 2 : 1;
    const label = column.slice(0, Math.floor((usable - 8) / (6 * scale)));
    raster.text(centre - Raster.textWidth(label, scale) / 2, BOTTOM + 24, label, INK, scale);
  });

  return encodePng(width, HEIGHT, raster.pixels);
}
