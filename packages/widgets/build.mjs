// Builds @varde/widgets into dist/:
//   dist/index.js           React build (ESM): the package's dependencies and peers (react, @varde/core, the
//                           optional heavy ones) stay imports; Shoelace's parts are bundled in (decision 020).
//   dist/elements/<tag>.js  preact/compat build for host pages: loading one defines that element;
//   dist/elements/all.js    defines every element. Shared code (preact, core, Shoelace) is split
//                           into dist/elements/chunks/, so a page with several widgets loads it once.
//   dist/elements/sri.json  the SRI hashes of those modules (sriManifest.mjs).
//   Beside each text file of dist/elements/: its .br and .gz (precompress.mjs).
import { build } from 'esbuild';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { browserTargets, elementEntries, preactBuildOptions, widgetsDir } from './bundleOptions.mjs';
import { rawTextImports } from './rawTextImports.mjs';
import { buildMonacoWorker, monacoCssAsText } from './monacoBuild.mjs';
import { precompress } from './precompress.mjs';
import { writeSriManifest } from './sriManifest.mjs';
import { bundledLicensesOf } from '../../scripts/pack/bundledLicenses.mjs';

rmSync(`${widgetsDir}dist`, { recursive: true, force: true });

// What an app installs with @varde/widgets (dependencies) or beside it (peers, some optional) is imported by
// the React build; the rest (Shoelace, a build-time dependency) is bundled in, so no app installs Shoelace's
// 29 MB for the few parts the widgets load.
const { dependencies, peerDependencies } = JSON.parse(readFileSync(`${widgetsDir}package.json`, 'utf8'));
const installedBesideUs = [...Object.keys(dependencies), ...Object.keys(peerDependencies)];
const reactBuildExternal = installedBesideUs.flatMap((name) => [name, `${name}/*`]);

const reactBuild = await build({
  absWorkingDir: widgetsDir,
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: browserTargets,
  external: reactBuildExternal,
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
  sourcemap: true,
  // `?raw` CSS is inlined, so the portal's build need not know the suffix.
  plugins: [rawTextImports],
  metafile: true,
  logLevel: 'warning',
});

const elements = await build(
  preactBuildOptions({
    entryPoints: elementEntries(),
    outdir: 'dist/elements',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    metafile: true,
    plugins: [monacoCssAsText],
  }),
);
// monaco's worker, beside the chunk that starts it (src/cloudFunctions/monacoRuntime.ts).
await buildMonacoWorker(`${widgetsDir}dist/elements/chunks/monaco-editor.worker.js`);
// web-ifc's wasm (single-threaded build), beside the chunks: the BIM viewers load it from their
// chunk's directory (src/bimMapper/viewer/local/webIfcRuntime.ts).
const webIfcWasm = createRequire(import.meta.url).resolve('web-ifc/web-ifc.wasm');
copyFileSync(webIfcWasm, `${widgetsDir}dist/elements/chunks/web-ifc.wasm`);
writeSriManifest({ metafile: elements.metafile, widgetsDir, outdir: `${widgetsDir}dist/elements` });
// .br and .gz beside each file host pages load (served under /widgets); dist/index.js is the portal's input.
// Chunks carry a hash (immutable where the cloud serves them); the element files keep the names host
// pages write in their script tags, so they are revalidated instead.
await precompress(`${widgetsDir}dist/elements`);
// The licence notices of the registry packages each build bundles, beside it (made from the metafiles, as
// the CLI's): Shoelace in dist/index.js; preact, Shoelace, Leaflet, firebase, monaco, web-ifc, … in the
// host pages' modules.
const notices = (metafile, name) => bundledLicensesOf([{ metafile, workingDir: widgetsDir }], name);
writeFileSync(`${widgetsDir}dist/THIRD_PARTY_LICENSES.md`, notices(reactBuild.metafile, 'dist/index.js and its chunks'));
writeFileSync(`${widgetsDir}dist/elements/THIRD_PARTY_LICENSES.md`, notices(elements.metafile, 'the modules of dist/elements/'));
