// What a host page really loads before its element can run: the element's entry as the production
// build splits it (every element in one build, so shared chunks are shared), its static import
// closure (core, preact, Shoelace parts and CSS included), each file brotli-compressed as the cloud
// serves it. Dynamic imports are listed apart as "lazy". Used by test/pageWeight.test.ts and bench/.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { elementEntries, preactBuildOptions, widgetsDir } from './bundleOptions.mjs';
import { monacoCssAsText } from './monacoBuild.mjs';

export function readPageBudgets() {
  return JSON.parse(readFileSync(`${widgetsDir}bundle-budgets.json`, 'utf8')).pages ?? {};
}

/** Budgets are in KB of 1,000 bytes, as issue 15 states them. */
export const KB = 1000;

const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Follows `kind` imports from `start` through the metafile's outputs. */
function closure(outputs, start, kinds) {
  const seen = new Set();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file) || !outputs[file]) continue;
    seen.add(file);
    for (const imported of outputs[file].imports) if (kinds.includes(imported.kind) && !imported.external) stack.push(imported.path);
  }
  return seen;
}

/**
 * [{name, files, bytes (brotli, before it runs), lazyBytes (brotli, on first use), budgetKB}]
 * per element (each entry defines the element and <varde-session>). `{ lazy: false }` leaves lazyBytes
 * null and compresses only what pages load before they run (brotli at 11 is slow on monaco's chunks).
 */
export async function measurePages({ lazy = true } = {}) {
  const entries = Object.fromEntries(Object.entries(elementEntries()).filter(([name]) => name !== 'all'));
  const result = await build(
    preactBuildOptions({
      entryPoints: entries,
      outdir: `${widgetsDir}.page-weight`,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      write: false,
      metafile: true,
      plugins: [monacoCssAsText],
      logLevel: 'error',
    }),
  );
  const contents = new Map(result.outputFiles.filter((file) => file.path.endsWith('.js') || file.path.endsWith('.css')).map((file) => [file.path, file.contents]));
  // Each file is compressed once, when a page first counts it (shared chunks count in many pages).
  const sizes = new Map();
  const sizeOf = (relative) => {
    const path = `${widgetsDir}${relative}`;
    if (!sizes.has(path)) sizes.set(path, contents.has(path) ? brotli(contents.get(path)) : 0);
    return sizes.get(path);
  };
  const outputs = result.metafile.outputs;
  const budgets = readPageBudgets();
  return Object.keys(entries).map((name) => {
    const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint?.endsWith(`src/elements/${name}.ts`));
    const before = closure(outputs, entry, ['import-statement']);
    const sum = (files) => [...files].reduce((total, file) => total + sizeOf(file), 0);
    const lazyFiles = () => [...closure(outputs, entry, ['import-statement', 'dynamic-import'])].filter((file) => !before.has(file));
    return { name, files: before.size, bytes: sum(before), lazyBytes: lazy ? sum(lazyFiles()) : null, budgetKB: budgets[name]?.budgetKB ?? null };
  });
}
