// Sizes of the widgets' preact bundles: raw (unminified), minified and minified + gzip, against the
// budgets in packages/widgets/bundle-budgets.json. Also the page total of all.js with core included.
import { measureWidgetBundles } from '../packages/widgets/bundleSizes.mjs';

const kib = (bytes) => Number((bytes / 1024).toFixed(1));

export default async function bundleSizes() {
  const rows = await measureWidgetBundles({ includePageTotal: true });
  return {
    title: 'Widget bundles (preact build, KiB)',
    columns: ['bundle', 'kind', 'raw', 'min', 'gzip', 'budget', 'used'],
    rows: rows.map((row) => ({
      bundle: row.name,
      kind: row.kind,
      raw: kib(row.raw),
      min: kib(row.min),
      gzip: kib(row.gzip),
      budget: row.budgetKiB ?? '-',
      used: row.budgetKiB ? `${Math.round((row.gzip / (row.budgetKiB * 1024)) * 100)}%` : '-',
    })),
    notes: [
      'element: the widget with preact, r2wc and its Shoelace parts; @varde/core excluded (shared, counted once per page).',
      'page: dist/elements/all.js as one bundle, core included: what a host page using every widget loads.',
      'lazy: loaded on first use only (the BIM viewers: three.js, web-ifc and its wasm, shared by both viewers).',
    ],
  };
}
