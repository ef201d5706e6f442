// What each host page loads before its element runs (static closure, core and shared chunks
// included, brotli as served) and what it loads later on first use, beside issue 15's budget, which
// the test enforces. The same measurement as packages/widgets/test/pageWeight.test.ts.
import { KB, measurePages } from '../packages/widgets/pageWeight.mjs';

const kb = (bytes) => Number((bytes / KB).toFixed(1));

export default async function pageWeight() {
  const rows = await measurePages();
  return {
    title: 'Host pages: KB (1,000 bytes) transferred (brotli) before the element runs',
    columns: ['page', 'files', 'before run', 'budget', 'within', 'lazy (first use)'],
    rows: rows.map((row) => ({
      page: row.name,
      files: row.files,
      'before run': kb(row.bytes),
      budget: row.budgetKB ?? '-',
      within: row.budgetKB !== null && row.bytes <= row.budgetKB * KB ? 'yes' : 'no',
      'lazy (first use)': kb(row.lazyBytes),
    })),
    notes: [
      'before run: the entry (element + <varde-session>) and every chunk it imports statically, CSS inlined.',
      'lazy: dynamic imports (firebase, oidc-client-ts, Shoelace parts, monaco, three/web-ifc, map outlines, uPlot).',
    ],
  };
}
