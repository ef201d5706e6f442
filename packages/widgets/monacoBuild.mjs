// What monaco-editor needs from an esbuild build (widgets' element bundles and the portal):
//  - monacoCssAsText: monaco's .css imports become JS that records the CSS text (fonts inlined as data
//    URLs), so the editor chunk carries its styles and the widget adds them to the document itself;
//  - buildMonacoWorker(outfile): the editor worker as its own module file, loaded by
//    src/cloudFunctions/monacoRuntime.ts from `./monaco-editor.worker.js` beside the editor chunk.
import { build } from 'esbuild';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const MONACO_CSS_GLOBAL = '__vardeMonacoCss';

export const monacoCssAsText = {
  name: 'monaco-css-as-text',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]monaco-editor[\\/].*\.css$/ }, async (args) => {
      const result = await build({
        entryPoints: [args.path],
        bundle: true,
        write: false,
        // Nothing is written; outdir only names the output so that the CSS file can be found.
        outdir: 'monaco-css',
        minify: true,
        loader: { '.ttf': 'dataurl' },
        logLevel: 'silent',
      });
      const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text;
      if (css === undefined) throw new Error(`monaco-css-as-text: no CSS came out of ${args.path}`);
      return { contents: `(globalThis.${MONACO_CSS_GLOBAL} ??= []).push(${JSON.stringify(css)});`, loader: 'js' };
    });
  },
};

/** Builds monaco's editor worker (ESM, for `new Worker(url, {type: 'module'})`) into `outfile`. */
export async function buildMonacoWorker(outfile, { minify = true, sourcemap = false } = {}) {
  await build({
    entryPoints: [require.resolve('monaco-editor/editor/editor.worker.js')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120', 'firefox120', 'safari16'],
    minify,
    sourcemap,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
