// Builds the portal into dist/: index.html naming the content-hashed entry script and CSS (the cloud
// serves hashed names as immutable, index.html revalidated, with history fallback), the chunks, and
// asset-manifest.json for tools that look the hashed names up (bench/, budget tests).
import { build } from 'esbuild';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreSourceAliases } from '../core/sourceAliases.mjs';
import { buildMonacoWorker, monacoCssAsText } from '../widgets/monacoBuild.mjs';
import { precompress } from '../widgets/precompress.mjs';
import { rawTextImports } from '../widgets/rawTextImports.mjs';
import { bundledLicensesOf } from '../../scripts/pack/bundledLicenses.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const coreSrc = here('../core/src');
const widgetsSrc = here('../widgets/src');

/**
 * Pages import each widget's own module (`@varde/widgets/siteList/Component.js`, as tsconfig's paths
 * map it), never the package's index: a barrel shared by every lazy page would put every widget into
 * the chunk the first paint loads.
 */
const widgetModules = {
  name: 'varde-widget-modules',
  setup(build) {
    build.onResolve({ filter: /^@varde\/widgets\/.+\.js$/ }, (args) => {
      const base = `${widgetsSrc}/${args.path.slice('@varde/widgets/'.length, -'.js'.length)}`;
      const file = ['.tsx', '.ts'].map((extension) => base + extension).find((candidate) => existsSync(candidate));
      return file ? { path: file } : { errors: [{ text: `No widget module for ${args.path}` }] };
    });
  },
};

rmSync(here('dist'), { recursive: true, force: true });
mkdirSync(here('dist/assets'), { recursive: true });
cpSync(here('public'), here('dist'), { recursive: true });

/** zod without its `new Function` compiler (see the banner below). */
const ZOD_JITLESS = '(globalThis.__zod_globalConfig ??= {}).jitless = true;';

const result = await build({
  entryPoints: { portal: here('src/main.tsx'), silentCallback: here('src/silentCallback.ts') },
  outdir: here('dist/assets'),
  // A name changes whenever its content does, so browsers may keep every file under assets/ for a year.
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  bundle: true,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: ['chrome120', 'firefox120', 'safari16'],
  minify: true,
  sourcemap: true,
  jsx: 'automatic',
  // Core and the widgets from their sources, module by module, so each lazy page's chunk holds only
  // the widgets and clients it uses (a prebuilt widgets bundle would be one module, shared whole).
  alias: coreSourceAliases({ wholeTexts: true }),
  define: { 'process.env.NODE_ENV': '"production"' },
  // zod without its `new Function` compiler: its probe for eval is a violation of the portal's CSP (no
  // 'unsafe-eval'). Set on zod's global config in every chunk, so it is there before any schema is made.
  banner: { js: ZOD_JITLESS },
  // monaco-editor (cloud functions, a lazy chunk): its CSS as text, its worker beside the chunks.
  plugins: [widgetModules, rawTextImports, monacoCssAsText],
  logLevel: 'warning',
});
await buildMonacoWorker(here('dist/assets/monaco-editor.worker.js'));
// web-ifc's wasm (single-threaded) beside the chunks: the BIM viewers load it from their chunk's directory.
copyFileSync(createRequire(import.meta.url).resolve('web-ifc/web-ifc.wasm'), here('dist/assets/web-ifc.wasm'));

// index.html names the hashed files; the template names them without the hash. No inline script: the
// portal's Content-Security-Policy allows none.
const outputs = Object.entries(result.metafile.outputs);

// The zod line stays only in the chunks that hold zod's core (they name its global config themselves): a
// chunk runs its static imports first, so whichever chunk makes a schema, the config was set before. In
// every other chunk the line was bytes for nothing (first paint: 56 for each small chunk, sent as it is,
// uncompressed). An empty line is left in its place, so the source maps still fit.
for (const [path] of outputs) {
  if (!path.endsWith('.js')) continue;
  const file = resolve(process.cwd(), path);
  const code = readFileSync(file, 'utf8');
  if (code.startsWith(ZOD_JITLESS) && !code.includes('__zod_globalConfig', ZOD_JITLESS.length)) writeFileSync(file, code.slice(ZOD_JITLESS.length));
}
const entry = outputs.find(([, output]) => output.entryPoint?.endsWith('src/main.tsx'));
const silentEntry = outputs.find(([, output]) => output.entryPoint?.endsWith('src/silentCallback.ts'));
const assetUrl = (outputPath) => `/assets/${outputPath.split('/').pop()}`;
const manifest = { 'portal.js': assetUrl(entry[0]), 'portal.css': assetUrl(entry[1].cssBundle), 'silentCallback.js': assetUrl(silentEntry[0]) };

/** Writes a page of public/ into dist/ with the hashed names of the assets it names. */
function writePage(page, names) {
  let html = readFileSync(here(`public/${page}`), 'utf8');
  for (const name of names) {
    if (!html.includes(`/assets/${name}"`)) throw new Error(`public/${page} does not name /assets/${name}`);
    html = html.replace(`/assets/${name}"`, `${manifest[name]}"`);
  }
  writeFileSync(here(`dist/${page}`), html);
}
writePage('index.html', ['portal.js', 'portal.css']);
// The silent sign-in's frame (served for /login/silent-callback): its own small entry, not the portal.
writePage('login/silent-callback.html', ['silentCallback.js']);
writeFileSync(here('dist/asset-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await precompress(here('dist'));
// The licence notices of the registry packages the portal's modules bundle (React, Shoelace, Leaflet,
// firebase, monaco, …), made from the metafile as the CLI's are; esbuild ran in this process's folder.
writeFileSync(here('dist/THIRD_PARTY_LICENSES.md'), bundledLicensesOf([{ metafile: result.metafile, workingDir: process.cwd() }], 'the portal (assets/)'));
