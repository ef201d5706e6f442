// `npm run cluster -- --nodes 3`: a throwaway PostgreSQL, N varde-cloud nodes on it and nginx in front,
// on this machine, to try the cloud as a cluster (kill a node and watch the portal carry on). Installs
// what it needs (Debian's nginx and postgresql-15, npm packages), builds when needed, prints where
// everything is, and stops everything it started on Ctrl-C or SIGTERM (or when a start fails).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startCluster } from './cluster/startCluster.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = `usage: npm run cluster -- [--nodes N] [--simulation all|first|off]
  --nodes N          varde-cloud nodes behind nginx (default 3), started together on a new database
  --simulation WHO   which nodes may run the demo's simulation: all (default; the leader runs it), first, off
`;

function parseArgs(argv) {
  const options = { nodes: 3, simulation: 'all' };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === '--help' || flag === '-h') return { help: true };
    if (flag === '--nodes' || flag === '--simulation') {
      const value = argv[(index += 1)];
      if (value === undefined) throw new Error(`${flag} needs a value`);
      if (flag === '--nodes') {
        options.nodes = Number(value);
        if (!Number.isInteger(options.nodes) || options.nodes < 1 || options.nodes > 16) throw new Error('--nodes must be a whole number from 1 to 16');
      } else {
        if (!['all', 'first', 'off'].includes(value)) throw new Error('--simulation must be all, first or off');
        options.simulation = value;
      }
    } else throw new Error(`unknown flag ${flag}`);
  }
  return options;
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`cluster: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('bash', ['scripts/ensure-nginx.sh']);
run('bash', ['scripts/ensure-postgresql.sh']);
run('bash', ['scripts/ensure-debian-package.sh', '/usr/bin/bwrap', 'bubblewrap', "the cloud functions' sandbox"]);
run('bash', ['scripts/ensure-deps.sh']);
if (process.env.VARDE_SKIP_BUILD !== '1' || !existsSync(`${root}/packages/server/dist/main.js`)) run('npm', ['run', 'build', '--silent']);

// Ctrl-C and SIGTERM stop the cluster, also while it is starting (startCluster then stops what it had).
let cluster = null;
let stopping = false;
const abort = new Promise((resolve) => {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) process.exit(1); // a second signal: leave now (the exit handlers still kill the children)
      stopping = true;
      process.stdout.write(`\n${signal}: stopping the cluster\n`);
      resolve(signal);
    });
  }
});

const log = (line) => process.stdout.write(`${line}\n`);
const started = startCluster({ ...options, log });
const first = await Promise.race([started.then((value) => ({ value }), (error) => ({ error })), abort.then(() => ({ aborted: true }))]);
if (first.error) {
  process.stderr.write(`cluster: could not start: ${first.error.message}\n`);
  process.exit(1);
}
if (first.aborted) {
  // startCluster is still starting: once it is up (or has failed and cleaned up), stop it.
  const late = await started.catch(() => null);
  await late?.stop();
  process.exit(0);
}
cluster = first.value;

const lines = [
  '',
  `Varde cluster: ${cluster.url}  (nginx, pid ${cluster.nginx.pid}; access log ${cluster.nginx.accessLog})`,
  ...cluster.nodes.map((node) => `node ${node.index}: ${node.url} (pid ${node.pid})`),
  `Each node: /cloud/health, /cloud/ready; /cloud/metrics with Authorization: Bearer $(cat ${cluster.metricsTokenPath})`,
  `PostgreSQL: ${cluster.databaseUrl}`,
  `Logs: ${cluster.dir}/node-K.log`,
  '',
  'Demo sign-ins:',
  ...cluster.demoSignIns.map((line) => `  ${line}`),
  '',
  'Kill a node (kill -9 PID) and the portal carries on through the others. Ctrl-C stops everything.',
];
process.stdout.write(`${lines.join('\n')}\n`);

// A node that dies is reported (it is not restarted: that is what trying a failover looks like).
for (const node of cluster.nodes) {
  const pid = node.pid;
  const timer = setInterval(() => {
    if (node.pid === null && !stopping) {
      clearInterval(timer);
      log(`node ${node.index} (pid ${pid}) has stopped; nginx sends its requests to the others`);
    }
  }, 1000);
  timer.unref();
}

await abort;
await cluster.stop();
process.exit(0);
