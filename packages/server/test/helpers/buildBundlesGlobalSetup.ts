import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/**
 * The bundles the CLI and server suites run as users do (`dist/varde.js`, `varde-cloud`'s `dist/main.js`),
 * built from the sources once per run, before any test file starts: a suite run alone still tests a
 * fresh build, and no file rebuilds them while another file's child process is loading them. The
 * projects that need them (cli, cli-postgres, server, server-postgres) share one build per run
 * (globalThis is the main process's, common to every project's global setup).
 */
const packages = ['cli', 'server'].map((name) => fileURLToPath(new URL(`../../../${name}/build.mjs`, import.meta.url)));

const shared = globalThis as { vardeBundlesBuild?: { promise: Promise<void>; settled: boolean } };

function buildBundles(): Promise<void> {
  if (shared.vardeBundlesBuild && !shared.vardeBundlesBuild.settled) return shared.vardeBundlesBuild.promise;
  const build = { settled: false, promise: Promise.resolve() };
  build.promise = Promise.all(packages.map((script) => promisify(execFile)(process.execPath, [script])))
    .then(() => undefined)
    .finally(() => (build.settled = true));
  shared.vardeBundlesBuild = build;
  return build.promise;
}

export default async function setup(project: TestProject) {
  // `npm test` has just built everything, and packs the packages from their dist/ while vitest runs: a
  // second build here would rewrite the files being packed (a tarball without its chunks).
  if (process.env.VARDE_BUNDLES_BUILT === '1') return;
  // The first project's setup builds; the others wait for that build instead of starting their own.
  if (!shared.vardeBundlesBuild) await buildBundles();
  else await shared.vardeBundlesBuild.promise;
  // Watch mode: a rerun tests the sources as they are now.
  project.onTestsRerun(() => buildBundles());
}
