// better-sqlite3 (the cloud's SQLite) installs with prebuild-install, which downloads a prebuilt binary from
// its GitHub releases, out of reach here, and then compiles SQLite from source: minutes on two cores. The
// repository's `npm ci` already compiled that same version for this Node, so the test hands the binary to
// prebuild-install as a local prebuild (its documented `<package>_local_prebuilds` setting). When the
// installed version is another one than the repository's, the file name does not match and the install
// compiles, as any machine without the binary would.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function seedLocalPrebuilds(repoRoot: string, folder: string): NodeJS.ProcessEnv {
  const packageDir = join(repoRoot, 'node_modules/better-sqlite3');
  const binary = join(packageDir, 'build/Release/better_sqlite3.node');
  if (!existsSync(binary)) return {};
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(folder, { recursive: true });
  // prebuild-install's name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz (glibc: no libc part).
  const tarball = join(folder, `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`);
  execFileSync('tar', ['-czf', tarball, '-C', packageDir, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: folder };
}
