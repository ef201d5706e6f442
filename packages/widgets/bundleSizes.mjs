// Measures the preact bundles of the widgets (used by test/bundleBudget.test.ts and bench/):
// each element entry as one standalone bundle, raw (unminified) and minified, and its gzip size.
// @varde/core is left out of the elements and measured once as the page's shared runtime.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { coreAlias, elementEntries, preactBuildOptions, widgetsDir } from './bundleOptions.mjs';

export function readBudgets() {
  return JSON.parse(readFileSync(`${widgetsDir}bundle-budgets.json`, 'utf8'));
}

/** Keeps @varde/core out of a bundle (it is the shared runtime). */
const coreExternal = {
  name: 'varde-core-external',
  setup(build) {
    build.onResolve({ filter: /^@varde\/core(\/contract)?$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * What is only ever loaded lazily, on first use, is not part of a widget's initial budget: monaco-editor
 * (cloud functions), three + web-ifc and the local BIM viewers built on them (src/bimMapper/viewer/local/),
 * the alarm map's shipped outlines (world-atlas + topojson-client, like tiles) and the site page's uPlot.
 */
const lazyLibrariesExternal = {
  name: 'lazy-libraries-external',
  setup(build) {
    build.onResolve({ filter: /^(monaco-editor|three|web-ifc|world-atlas|topojson-client|uplot)(\/|$)/ }, (args) => ({ path: args.path, external: true }));
    build.onResolve({ filter: /^\.\/local\/viewer[23]d\.js$/ }, (args) =>
      args.kind === 'dynamic-import' && args.importer.includes('bimMapper/viewer/') ? { path: args.path, external: true } : undefined,
    );
  },
};

async function bundleBytes(entry, { minify, plugins = [] }) {
  const result = await build(
    preactBuildOptions({
      entryPoints: [entry],
      write: false,
      minify,
      // Without splitting, esbuild inlines dynamic imports: the lazy Shoelace parts are counted.
      splitting: false,
      outfile: 'out.js',
      plugins,
      logLevel: 'error',
    }),
  );
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
  return js.contents;
}

async function measure(name, kind, entry, plugins) {
  const raw = await bundleBytes(entry, { minify: false, plugins });
  const min = await bundleBytes(entry, { minify: true, plugins });
  return { name, kind, raw: raw.length, min: min.length, gzip: gzipSync(min, { level: 9 }).length };
}

/**
 * [{name, kind: 'element' | 'shared' | 'page', raw, min, gzip, budgetKiB}]: every element, then the
 * shared runtime; with includePageTotal also all.js with core included and the lazy BIM viewers (no budget).
 */
export async function measureWidgetBundles({ includePageTotal = false } = {}) {
  const budgets = readBudgets();
  const rows = [];
  for (const [name, entry] of Object.entries(elementEntries())) {
    if (name === 'all') continue;
    const row = await measure(name, 'element', entry, [coreExternal, lazyLibrariesExternal]);
    rows.push({ ...row, budgetKiB: budgets.elements[name]?.maxGzipKiB ?? null });
  }
  const core = await measure('@varde/core', 'shared', coreAlias['@varde/core'], []);
  rows.push({ ...core, budgetKiB: budgets.shared['@varde/core']?.maxGzipKiB ?? null });
  if (includePageTotal) {
    const all = elementEntries().all;
    if (all) rows.push({ ...(await measure('all.js (page total)', 'page', all, [lazyLibrariesExternal])), budgetKiB: null });
    rows.push(...(await measureLazyViewers()));
  }
  return rows;
}

/** The BIM viewers, loaded on first use (three.js, web-ifc and its wasm): what opening /bim costs. */
async function measureLazyViewers() {
  const rows = [];
  for (const kind of ['viewer3d', 'viewer2d']) {
    const entry = `${widgetsDir}src/bimMapper/viewer/local/${kind}.ts`;
    rows.push({ ...(await measure(`bim ${kind}`, 'lazy', entry, [coreExternal])), budgetKiB: null });
  }
  const wasm = readFileSync(createRequire(`${widgetsDir}package.json`).resolve('web-ifc/web-ifc.wasm'));
  const gzip = gzipSync(wasm, { level: 9 }).length;
  rows.push({ name: 'web-ifc.wasm', kind: 'lazy', raw: wasm.length, min: wasm.length, gzip, budgetKiB: null });
  return rows;
}
