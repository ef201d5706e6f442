// What each host page loads before its element runs (static closure, core and shared chunks
// included, brotli as served) and what it loads later on first use, beside issue 15's goal and the
// ceiling the test enforces. The same measurement as packages/widgets/test/pageWeight.test.ts.
import { measurePages } from '../packages/widgets/pageWeight.mjs';

const kib = (bytes) => Number((bytes / 1024).toFixed(1));

export default async function pageWeight() {
  const rows = await measurePages();
  return {
    title: 'Host pages: KiB transferred (brotli) before the element runs',
    columns: ['page', 'files', 'before run', 'goal', 'ceiling', 'meets goal', 'lazy (first use)'],
    rows: rows.map((row) => ({
      page: row.name,
      files: row.files,
      'before run': kib(row.bytes),
      goal: row.goalKiB ?? '-',
      ceiling: row.maxKiB ?? '-',
      'meets goal': row.goalKiB !== null && row.bytes <= row.goalKiB * 1024 ? 'yes' : 'no',
      'lazy (first use)': kib(row.lazyBytes),
    })),
    notes: [
      'before run: the entry (element + <varde-session>) and every chunk it imports statically, CSS inlined.',
      'lazy: dynamic imports (firebase, oidc-client-ts, Shoelace parts, monaco, three/web-ifc, map outlines, uPlot).',
    ],
  };
}
