// A throwaway cluster: PostgreSQL (Debian's postgresql-15), N varde-cloud nodes on it and Debian's nginx
// in front, all on 127.0.0.1 and free ports. Used by `npm run cluster`, the cluster suite (tests/cluster)
// and the cluster bench. stop() ends everything it started; a failed start stops what had started, and
// the process's exit kills whatever is still running (scripts/cluster/childProcesses.mjs).
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startThrowawayPostgres } from '../throwawayPostgres.mjs';
import { spawnTracked, stopChild, killGroup } from './childProcesses.mjs';
import { renderStandaloneNginxConf } from './nginxConfig.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cloudBin = join(root, 'packages/server/bin/varde-cloud.js');
const NGINX = '/usr/sbin/nginx';
const START_TIMEOUT_MS = 120_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port; rejects when `failed()` says so or time runs out. */
async function waitForPort(port, failed, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once GET /cloud/ready answers 200; rejects when `failed()` says why, or after 30 s. */
async function waitUntilReady(node, failed, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    try {
      const answer = await fetch(`${node.url}/cloud/ready`);
      if (answer.ok) return;
      last = `${answer.status} ${await answer.text()}`;
    } catch (error) {
      last = error.message;
    }
    if (Date.now() > deadline) throw new Error(`node ${node.index} is not ready after ${timeoutMs / 1000} s: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new, empty database in an existing PostgreSQL server (the suite shares one server between clusters). */
export async function createDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** The demo sign-ins a node prints at start (the lines under "Demo sign-ins:"). */
function demoSignInsOf(banner) {
  const lines = banner.split('\n');
  const start = lines.indexOf('Demo sign-ins:');
  if (start < 0) return [];
  const signIns = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  ')) break;
    signIns.push(line.trim());
  }
  return signIns;
}

/**
 * One varde-cloud node: its port is fixed (nginx names it), so a node that was killed starts again on it.
 * Output goes to `logPath` (appended across restarts).
 */
function defineNode({ index, port, args, env, logPath }) {
  let process_ = null;
  const node = {
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    logPath,
    /** The running process's id (null while stopped). */
    get pid() {
      return process_?.child.exitCode === null && process_?.child.signalCode === null ? process_.child.pid : null;
    },
    /** Everything the node printed at start (its banner). */
    banner: '',
    /** Starts the node; resolves once it prints its banner (it then answers requests). */
    async start(extraArgs = []) {
      if (node.pid !== null) throw new Error(`node ${index} is running`);
      const log = createWriteStream(logPath, { flags: 'a' });
      process_ = spawnTracked(process.execPath, [cloudBin, ...args, ...extraArgs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const { child } = process_;
      let output = '';
      const collect = (chunk) => {
        log.write(chunk);
        if (output.length < 64_000) output += chunk;
      };
      child.stdout.setEncoding('utf8').on('data', collect);
      child.stderr.setEncoding('utf8').on('data', collect);
      child.once('exit', () => log.end());
      node.banner = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`node ${index} did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
        const onData = () => {
          // The banner is written at once, ending with the sign-ins (or the storage line without a seed).
          if (/Varde reference cloud: /.test(output) && /\n\s*storage .*\n/.test(output)) {
            clearTimeout(timer);
            child.stdout.off('data', onData);
            setTimeout(() => resolve(output), 20);
          }
        };
        child.stdout.on('data', onData);
        child.once('error', (error) => (clearTimeout(timer), reject(error)));
        child.once('exit', (code, signal) => (clearTimeout(timer), reject(new Error(`node ${index} exited (${code ?? signal}) before starting:\n${output}`))));
      }).catch(async (error) => {
        await stopChild(process_, 1000);
        throw error;
      });
      // What a load balancer asks before sending it requests: the database answers, migrations are done.
      await waitUntilReady(node, () => (node.pid === null ? `node ${index} exited:\n${output}` : null));
      return node;
    },
    /** Sends a signal to the running node (SIGKILL: no goodbye, as a crash); resolves once it has exited. */
    async kill(signal = 'SIGKILL') {
      if (!process_ || node.pid === null) return;
      killGroup(process_.child, signal);
      await process_.exited;
    },
    /** SIGTERM (a clean stop), SIGKILL after 10 s. */
    async stop() {
      if (process_) await stopChild(process_);
    },
  };
  return node;
}

/**
 * Starts a cluster.
 * @param {object} [options]
 * @param {number} [options.nodes] how many varde-cloud nodes (default 3)
 * @param {boolean} [options.seedAll] start every node at once, each with --seed demo (default; the cloud's
 *   startup lock makes one signing key and one seed); false: node 1 seeds alone, then the others start
 * @param {'all' | 'first' | 'off'} [options.simulation] which nodes are started with the demo's simulation on
 *   (default all: only the leader runs it, and another takes over when it dies)
 * @param {string} [options.postgresUrl] an existing PostgreSQL server: the cluster gets a new database in it
 *   (otherwise a throwaway server of its own)
 * @param {boolean} [options.nginx] put nginx in front (default true)
 * @param {string[]} [options.nodeArgs] more varde-cloud flags for every node
 * @param {(line: string) => void} [options.log] progress
 */
export async function startCluster(options = {}) {
  const { nodes: count = 3, seedAll = true, simulation = 'all', postgresUrl, nginx = true, nodeArgs = [], log = () => {} } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error('--nodes must be a whole number of at least 1');
  if (!existsSync(join(root, 'packages/server/dist/main.js'))) throw new Error('varde-cloud is not built: run `npm run build` first');
  if (nginx && !existsSync(NGINX)) throw new Error(`no ${NGINX}: run bash scripts/ensure-nginx.sh`);

  const dir = mkdtempSync(join(tmpdir(), 'varde-cluster-'));
  // nginx's workers run as nobody when the harness is root: they must reach the prefix.
  chmodSync(dir, 0o755);
  let postgres = null;
  let nginxProcess = null;
  const nodes = [];
  let stopped = null;
  const stop = () => {
    stopped ??= (async () => {
      if (nginxProcess) await stopChild(nginxProcess, 5000);
      await Promise.all(nodes.map((node) => node.stop()));
      postgres?.stop();
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    })();
    return stopped;
  };

  try {
    let databaseUrl;
    if (postgresUrl) {
      databaseUrl = await createDatabase(postgresUrl, `varde_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`);
    } else {
      log('starting PostgreSQL');
      postgres = await startThrowawayPostgres();
      databaseUrl = postgres.url;
    }

    const nginxPort = nginx ? await freePort() : null;
    const ports = [];
    while (ports.length < count) {
      const port = await freePort();
      if (port !== nginxPort && !ports.includes(port)) ports.push(port);
    }
    // One origin for all (issuers, links): nginx's, or node 1's without nginx.
    const publicOrigin = `http://127.0.0.1:${nginx ? nginxPort : ports[0]}`;
    // The database URL goes in the environment, not argv (`ps` shows argv to everyone).
    // Metrics are read with a token (never argv): the caller's VARDE_METRICS_TOKEN, else a new one, kept in
    // a file only the owner reads so that people can use it with curl.
    const metricsToken = process.env.VARDE_METRICS_TOKEN || randomBytes(24).toString('base64url');
    const metricsTokenPath = join(dir, 'metrics-token');
    writeFileSync(metricsTokenPath, `${metricsToken}\n`, { mode: 0o600 });
    const env = { ...process.env, VARDE_DATABASE_URL: databaseUrl, VARDE_METRICS_TOKEN: metricsToken };
    const argsOf = (index, seed) => [
      '--port', String(ports[index]),
      '--node-id', `node-${index + 1}`,
      '--seed', seed,
      '--simulation', simulation === 'all' || (simulation === 'first' && index === 0) ? 'on' : 'off',
      // The demo's SMS codes and reset links are read from the outbox by whoever tries it out.
      '--outbox', 'public',
      '--portal', join(root, 'packages/portal/dist'),
      '--static', `/widgets=${join(root, 'packages/widgets/dist/elements')}`,
      '--static', `/examples=${join(root, 'examples')}`,
      '--public-origin', publicOrigin,
      // nginx names the client in X-Forwarded-For: rate limits count each client, not nginx as one.
      ...(nginx ? ['--trust-proxy', '127.0.0.1'] : []),
      ...nodeArgs,
    ];
    for (let index = 0; index < count; index += 1) {
      nodes.push(defineNode({ index: index + 1, port: ports[index], args: argsOf(index, seedAll || index === 0 ? 'demo' : 'none'), env, logPath: join(dir, `node-${index + 1}.log`) }));
    }
    if (seedAll) {
      log(`starting ${count} node${count > 1 ? 's' : ''} at once (one of them migrates and seeds, under the cloud's startup lock)`);
      await Promise.all(nodes.map((node) => node.start()));
    } else {
      log('starting node 1 (creates the schema, the signing key and the demo data)');
      await nodes[0].start();
      if (count > 1) log(`starting nodes 2-${count}`);
      await Promise.all(nodes.slice(1).map((node) => node.start()));
    }

    let nginxInfo = null;
    if (nginx) {
      log('starting nginx');
      const prefix = join(dir, 'nginx');
      mkdirSync(prefix, { mode: 0o755 });
      const conf = join(prefix, 'nginx.conf');
      writeFileSync(conf, renderStandaloneNginxConf({ prefix, nodes: ports.map((port) => `127.0.0.1:${port}`), listen: `127.0.0.1:${nginxPort}` }));
      nginxProcess = spawnTracked(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
      let nginxErrors = '';
      nginxProcess.child.stderr.setEncoding('utf8').on('data', (chunk) => (nginxErrors += chunk));
      const errorLog = join(prefix, 'error.log');
      await waitForPort(nginxPort, () => {
        if (nginxProcess.child.exitCode === null && nginxProcess.child.signalCode === null) return null;
        const logged = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
        return `nginx exited (${nginxProcess.child.exitCode ?? nginxProcess.child.signalCode}): ${nginxErrors}${logged}`;
      });
      nginxInfo = { port: nginxPort, pid: nginxProcess.child.pid, prefix, conf, accessLog: join(prefix, 'access.log'), errorLog };
    }

    return {
      /** Where users go: nginx, or node 1 without it. */
      url: publicOrigin,
      databaseUrl,
      dir,
      nodes,
      /** The bearer token of every node's /cloud/metrics, and the file that holds it. */
      metricsToken,
      metricsTokenPath,
      nginx: nginxInfo,
      /** The demo sign-ins node 1 printed. */
      demoSignIns: demoSignInsOf(nodes[0].banner),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
