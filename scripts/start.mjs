// `npm start`: installs and builds when needed, then runs the reference cloud with the portal and demo data.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('bash', ['scripts/ensure-debian-package.sh', '/usr/bin/bwrap', 'bubblewrap', "the cloud functions' sandbox"]);
run('bash', ['scripts/ensure-deps.sh']);
if (process.env.VARDE_SKIP_BUILD !== '1' || !existsSync(`${root}/packages/server/dist/main.js`)) {
  run('npm', ['run', 'build', '--silent']);
}

const port = process.env.PORT ?? '8080';
const cloud = spawn(
  process.execPath,
  [
    'packages/server/dist/main.js',
    '--port', port,
    '--data', process.env.VARDE_DATA ?? '.varde-data',
    '--seed', 'demo',
    // The demo's SMS codes and reset links are read from the outbox by whoever tries it out.
    '--outbox', 'public',
    '--portal', 'packages/portal/dist',
    // Host pages that embed widgets, and the widgets' preact bundles they load.
    '--static', '/widgets=packages/widgets/dist/elements',
    '--static', '/examples=examples',
  ],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cloud.kill(signal));
cloud.on('exit', (code) => process.exit(code ?? 0));
