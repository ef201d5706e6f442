// Bundles src/main.ts into dist/varde.js, with @varde/core from its TypeScript source (the CLI needs no core
// build) and the two libraries every command loads, commander and zod: as separate packages, resolving and
// compiling their modules one by one was about a third of every `varde` start. The libraries only some
// commands load (undici, yaml, csv-parse, imported when needed) stay external, installed beside the CLI.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreSourceAliases } from '../core/sourceAliases.mjs';
import { bundledLicenses } from '../../scripts/pack/bundledLicenses.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// What package.json declares is installed beside the CLI, so it stays out of the bundle; the rest is bundled.
const { dependencies } = JSON.parse(readFileSync(here('./package.json'), 'utf8'));

const result = await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/varde.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(dependencies),
  // commander is CommonJS: its require() of Node's modules needs a require in this ES module.
  banner: { js: "import { createRequire as createRequireForBundledPackages } from 'node:module';\nconst require = createRequireForBundledPackages(import.meta.url);" },
  alias: coreSourceAliases(),
  logLevel: 'warning',
  metafile: true,
  write: false,
});

// The bundled packages' licence texts ship beside the bundle (package.json "files").
const outputs = [
  ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
  { path: here('./dist/THIRD_PARTY_LICENSES.md'), contents: bundledLicenses(result.metafile, process.cwd(), 'dist/varde.js') },
];

// Each file is replaced by a rename, so a varde started meanwhile (tests build while others run)
// never loads a half-written bundle.
for (const file of outputs) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
