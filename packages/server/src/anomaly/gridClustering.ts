import { quantile, sortedValues } from './dataset.js';

/**
 * Density clustering on a grid (a DBSCAN approximation, linear in the number of rows): columns are
 * scaled robustly (median and IQR), rows fall into cells of half an IQR; a cell is dense when it and
 * its neighbours hold at least `minSamples` rows; touching dense cells form a cluster, which counts
 * only with at least `minClusterSize` rows. Rows outside every cluster are noise: the anomalies.
 */
export interface ClusteringResult {
  /** Cluster index per row, -1 for noise. */
  labels: Int32Array;
  clusterSizes: number[];
  noise: number;
}

const CELL = 0.5;
/** Neighbourhoods are searched in at most this many dimensions (3^4 = 81 cells). */
const NEIGHBOUR_DIMS = 4;

function scaleColumns(rows: readonly number[][]): number[][] {
  const width = rows[0]?.length ?? 0;
  const centres: number[] = [];
  const spreads: number[] = [];
  for (let c = 0; c < width; c += 1) {
    const sorted = sortedValues(rows.map((row) => row[c]!));
    centres.push(quantile(sorted, 0.5));
    const iqr = quantile(sorted, 0.75) - quantile(sorted, 0.25);
    spreads.push(iqr > 0 ? iqr : 1);
  }
  return rows.map((row) => row.map((v, c) => (v - centres[c]!) / spreads[c]!));
}

function neighbourOffsets(dims: number): number[][] {
  let offsets: number[][] = [[]];
  for (let d = 0; d < dims; d += 1) offsets = offsets.flatMap((o) => [-1, 0, 1].map((step) => [...o, step]));
  return offsets;
}

export function clusterRows(rows: readonly number[][], minClusterSize: number, minSamples: number): ClusteringResult {
  const scaled = scaleColumns(rows);
  const width = rows[0]?.length ?? 0;
  const cellOf = scaled.map((row) => row.map((v) => Math.floor(v / CELL)));
  const keyOf = (cell: readonly number[]) => cell.join(',');
  const counts = new Map<string, number>();
  const cells = new Map<string, number[]>();
  cellOf.forEach((cell) => {
    const key = keyOf(cell);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    cells.set(key, cell);
  });

  const offsets = neighbourOffsets(Math.min(width, NEIGHBOUR_DIMS));
  const neighboursOf = (cell: readonly number[]) =>
    offsets.map((offset) => keyOf(cell.map((v, d) => v + (offset[d] ?? 0)))).filter((key) => counts.has(key));

  const dense = new Set<string>();
  for (const [key, cell] of cells) {
    const density = neighboursOf(cell).reduce((sum, neighbour) => sum + counts.get(neighbour)!, 0);
    if (density >= minSamples) dense.add(key);
  }

  // Connected components of dense cells.
  const component = new Map<string, number>();
  let components = 0;
  for (const start of dense) {
    if (component.has(start)) continue;
    const stack = [start];
    component.set(start, components);
    while (stack.length > 0) {
      const key = stack.pop()!;
      for (const neighbour of neighboursOf(cells.get(key)!)) {
        if (dense.has(neighbour) && !component.has(neighbour)) {
          component.set(neighbour, components);
          stack.push(neighbour);
        }
      }
    }
    components += 1;
  }

  // Rows of dense cells join their component; rows of sparse cells next to one join it too (border).
  const rowComponent = cellOf.map((cell) => {
    const key = keyOf(cell);
    if (component.has(key)) return component.get(key)!;
    const border = neighboursOf(cell).find((neighbour) => component.has(neighbour));
    return border === undefined ? -1 : component.get(border)!;
  });
  const sizes = new Array<number>(components).fill(0);
  rowComponent.forEach((c) => { if (c >= 0) sizes[c]! += 1; });

  // Components big enough become clusters, numbered by size.
  const kept = sizes.map((size, c) => ({ size, c })).filter(({ size }) => size >= minClusterSize).sort((a, b) => b.size - a.size);
  const clusterIndex = new Map(kept.map(({ c }, index) => [c, index]));
  const labels = new Int32Array(rows.length);
  let noise = 0;
  rowComponent.forEach((c, row) => {
    const label = c >= 0 ? clusterIndex.get(c) : undefined;
    labels[row] = label ?? -1;
    if (label === undefined) noise += 1;
  });
  return { labels, clusterSizes: kept.map(({ size }) => size), noise };
}
