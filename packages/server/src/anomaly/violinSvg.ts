import { scaleLinear } from 'd3-scale';
import { area, curveBasis } from 'd3-shape';
import { PLOT_FONT_FAMILY } from './svgToPng.js';

/**
 * Draws the violin plot as SVG: one horizontal violin per tag, stacked, each on its own value axis
 * (d3-scale's nice ticks), so the picture stays narrow and its text readable when a phone shows it
 * at 390 px, and sharp at any size. The data comes from violinPlot.ts.
 */
export interface ViolinRow {
  tag: string;
  min: number;
  max: number;
  q1: number;
  median: number;
  q3: number;
  /** Density at evenly spaced values from max (index 0) down to min. */
  density: readonly number[];
  /** Values of the rows the model marked as noise, with a sideways jitter in -0.5..0.5 each. */
  noise: readonly { value: number; jitter: number }[];
}

export interface ViolinPlotData {
  title: string;
  samples: number;
  noiseRows: number;
  rows: readonly ViolinRow[];
}

const WIDTH = 420;
const MARGIN = 20;
const HEADER = 92;
const TITLE_SIZE = 19;
const TITLE_LINE = 24;
const ROW = 118;
const MAX_HALF = 24;
const PALETTE = ['#3f6fd8', '#009688', '#f57c00', '#8e44ad', '#00acc1', '#7cb342'];
const INK = '#212121';
const MUTED = '#5f6368';
const RULE = '#c8c8c8';
export const NOISE_COLOUR = '#d32f2f';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** Cuts `text` to about `width` units at `size` (Inter's average advance is near 0.56 em). */
function fit(text: string, width: number, size: number): string {
  const max = Math.floor(width / (size * 0.56));
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** The title in at most two lines, broken after a `/` or a space, the rest cut. */
function titleLines(title: string): string[] {
  const max = Math.floor((WIDTH - 2 * MARGIN) / (TITLE_SIZE * 0.56));
  const words = title.match(/[^\s/]*[\s/]*/g)?.filter(Boolean) ?? [title];
  const lines = [''];
  for (const word of words) {
    if (lines[lines.length - 1]!.length + word.trimEnd().length > max && lines[lines.length - 1] !== '') lines.push('');
    lines[lines.length - 1] += word;
  }
  const kept = lines.slice(0, 2).map((line) => line.trim());
  if (lines.length > 2) kept[1] = `${kept[1]} ${lines.slice(2).join('')}`;
  return kept.map((line) => fit(line, WIDTH - 2 * MARGIN, TITLE_SIZE));
}

/** A value for a label, with a true minus sign as d3's tick labels have. */
function formatNumber(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : 2;
  return value.toFixed(digits).replace('-', '−');
}

function text(x: number, y: number, content: string, size: number, fill: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
}

function legend(y: number): string {
  return [
    `<circle cx="${MARGIN + 4}" cy="${y - 4}" r="3.5" fill="${NOISE_COLOUR}"/>`,
    text(MARGIN + 13, y, 'noise', 14, MUTED),
    `<rect x="${MARGIN + 66}" y="${y - 9}" width="22" height="9" fill="${INK}" fill-opacity="0.85"/>`,
    `<rect x="${MARGIN + 76}" y="${y - 9}" width="2.5" height="9" fill="#ffffff"/>`,
    text(MARGIN + 94, y, 'quartiles, median', 14, MUTED),
  ].join('');
}

function violinRow(row: ViolinRow, index: number, headerHeight: number): string {
  const top = headerHeight + index * ROW;
  const centre = top + 52;
  const axisY = top + 84;
  const colour = PALETTE[index % PALETTE.length]!;
  const [low, high] = row.max > row.min ? [row.min, row.max] : [row.min - 1, row.max + 1];
  const x = scaleLinear().domain([low, high]).nice(5).range([MARGIN, WIDTH - MARGIN]);
  const tickFormat = x.tickFormat(5);

  const peak = Math.max(...row.density) || 1;
  const step = row.density.length > 1 ? (row.max - row.min) / (row.density.length - 1) : 0;
  const points = row.density.map((d, i) => ({ value: row.max - i * step, half: (d / peak) * MAX_HALF }));
  const shape = area<{ value: number; half: number }>()
    .x((p) => x(p.value))
    .y0((p) => centre - p.half)
    .y1((p) => centre + p.half)
    .curve(curveBasis)(points);

  const parts = [
    text(MARGIN, top + 18, fit(row.tag, WIDTH - 2 * MARGIN - 150, 16), 16, INK, ' font-weight="600"'),
    text(WIDTH - MARGIN, top + 18, `min ${formatNumber(row.min)} · max ${formatNumber(row.max)}`, 14, MUTED, ' text-anchor="end"'),
    `<path d="${shape ?? ''}" fill="${colour}" fill-opacity="0.55" stroke="${colour}" stroke-width="1.25"/>`,
    `<rect x="${x(row.q1)}" y="${centre - 4.5}" width="${Math.max(1, x(row.q3) - x(row.q1))}" height="9" fill="${INK}" fill-opacity="0.85"/>`,
    `<rect x="${x(row.median) - 1.25}" y="${centre - 6.5}" width="2.5" height="13" fill="#ffffff"/>`,
    ...row.noise.map((p) => `<circle cx="${x(p.value).toFixed(1)}" cy="${(centre + p.jitter * MAX_HALF * 1.4).toFixed(1)}" r="2.4" fill="${NOISE_COLOUR}"/>`),
    `<line x1="${MARGIN}" x2="${WIDTH - MARGIN}" y1="${axisY}" y2="${axisY}" stroke="${RULE}"/>`,
    ...x.ticks(5).map((tick) => {
      const at = x(tick);
      return `<line x1="${at}" x2="${at}" y1="${axisY}" y2="${axisY + 4}" stroke="${RULE}"/>` + text(at, axisY + 18, tickFormat(tick), 14, MUTED, ' text-anchor="middle"');
    }),
  ];
  return `<g>${parts.join('')}</g>`;
}

export function violinSvg(data: ViolinPlotData): string {
  const title = titleLines(data.title);
  const extra = (title.length - 1) * TITLE_LINE;
  const headerHeight = HEADER + extra;
  const height = headerHeight + Math.max(1, data.rows.length) * ROW + 8;
  const header = [
    ...title.map((line, i) => text(MARGIN, 32 + i * TITLE_LINE, line, TITLE_SIZE, INK, ' font-weight="600"')),
    text(MARGIN, 56 + extra, `${data.samples} samples, ${data.noiseRows} marked as noise`, 14, MUTED),
    legend(80 + extra),
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${PLOT_FONT_FAMILY}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${header.join('')}${data.rows.map((row, i) => violinRow(row, i, headerHeight)).join('')}</svg>`
  );
}
