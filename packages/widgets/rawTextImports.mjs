// `import css from 'some-package/file.css?raw'` -> the file's text as a string, in esbuild builds.
// Vite (hence vitest) understands the `?raw` suffix itself; this plugin gives esbuild the same meaning,
// so widgets put third-party CSS into their shadow roots straight from the package that ships it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const rawTextImports = {
  name: 'raw-text-imports',
  setup(pluginBuild) {
    // Node's resolution, not esbuild's: a build with `packages: 'external'` would leave the import as is.
    pluginBuild.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: createRequire(join(args.resolveDir, 'importer.js')).resolve(args.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
      watchFiles: [args.path],
    }));
  },
};
