// Builds the portal into dist/: index.html plus one hashed-free ESM bundle (the cloud serves it with history fallback).
import { build } from 'esbuild';
import { copyFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildMonacoWorker, monacoCssAsText } from '../widgets/monacoBuild.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const coreSrc = here('../core/src');

rmSync(here('dist'), { recursive: true, force: true });
mkdirSync(here('dist/assets'), { recursive: true });
cpSync(here('public'), here('dist'), { recursive: true });

await build({
  entryPoints: { portal: here('src/main.tsx') },
  outdir: here('dist/assets'),
  bundle: true,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: ['chrome120', 'firefox120', 'safari16'],
  minify: true,
  sourcemap: true,
  jsx: 'automatic',
  alias: {
    '@varde/core/contract': `${coreSrc}/contract/index.ts`,
    '@varde/core': `${coreSrc}/index.ts`,
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  // zod without its `new Function` compiler: its probe for eval is a violation of the portal's CSP (no
  // 'unsafe-eval'). Set on zod's global config in every chunk, so it is there before any schema is made.
  banner: { js: '(globalThis.__zod_globalConfig ??= {}).jitless = true;' },
  // monaco-editor (cloud functions, a lazy chunk): its CSS as text, its worker beside the chunks.
  plugins: [monacoCssAsText],
  logLevel: 'warning',
});
await buildMonacoWorker(here('dist/assets/monaco-editor.worker.js'));
// web-ifc's wasm (single-threaded) beside the chunks: the BIM viewers load it from their chunk's directory.
copyFileSync(createRequire(import.meta.url).resolve('web-ifc/web-ifc.wasm'), here('dist/assets/web-ifc.wasm'));
