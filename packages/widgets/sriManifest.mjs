// Writes dist/elements/sri.json: the Subresource Integrity hash of every module the host-page build
// wrote, and per element the modules its script loads (statically and on first use), so a page can load
// an element with `integrity=` on its script tag and an import map's `integrity` for the rest
// (docs/embedding.md shows both). The worker and the wasm some widgets start are not modules and are not
// covered (monaco's editor worker, web-ifc.wasm).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const SRI_ALGORITHM = 'sha384';

export function integrityOf(bytes) {
  return `${SRI_ALGORITHM}-${createHash(SRI_ALGORITHM).update(bytes).digest('base64')}`;
}

/** What each output imports, statically or dynamically, as paths relative to `outdir`. */
function importsByOutput(metafile, outdir, widgetsDir) {
  const graph = new Map();
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const file = relative(outdir, join(widgetsDir, output));
    graph.set(file, info.imports.filter((entry) => !entry.external && entry.path.endsWith('.js')).map((entry) => relative(outdir, join(widgetsDir, entry.path))));
  }
  return graph;
}

function closure(graph, start) {
  const seen = new Set();
  const visit = (file) => {
    for (const next of graph.get(file) ?? []) if (!seen.has(next)) (seen.add(next), visit(next));
  };
  visit(start);
  return [...seen].sort();
}

/** `metafile` from esbuild's host-page build (built with `absWorkingDir: widgetsDir`). Returns the manifest. */
export function writeSriManifest({ metafile, widgetsDir, outdir }) {
  const graph = importsByOutput(metafile, outdir, widgetsDir);
  const files = Object.fromEntries([...graph.keys()].sort().map((file) => [file, integrityOf(readFileSync(join(outdir, file)))]));
  const elements = Object.fromEntries(
    [...graph.keys()]
      .filter((file) => !file.includes('/'))
      .sort()
      .map((script) => [script.replace(/\.js$/, ''), { script, integrity: files[script], modules: closure(graph, script) }]),
  );
  const manifest = { algorithm: SRI_ALGORITHM, files, elements };
  writeFileSync(join(outdir, 'sri.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
