// A throwaway PostgreSQL for tests and benchmarks: Debian's postgresql-15, initdb in a temporary folder,
// on 127.0.0.1 and a free port, run as the `postgres` user when we are root (initdb refuses root).
// stop() (and the process's exit, whatever the path) stops it and removes the folder.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program, as `postgres` when we are root. */
function run(program, args, asPostgres) {
  const command = asPostgres ? ['runuser', ['-u', 'postgres', '--', join(BIN, program), ...args]] : [join(BIN, program), args];
  return execFileSync(command[0], command[1], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

// Ctrl-C and SIGTERM end a process without 'exit': make them an exit, so the server stops then too.
// Not where the process handles them itself.
let signalsHandled = false;
function stopOnSignals() {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(code));
  }
}

/** @returns {Promise<{ url: string, port: number, dir: string, stop(): void }>} */
export async function startThrowawayPostgres() {
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'varde-pg-'));
  const data = join(dir, 'data');
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], asPostgres);
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
    process.off('exit', stop);
  };
  process.on('exit', stop);
  stopOnSignals();
  try {
    // C collation: byte order, as SQLite's, so both engines list in one order in tests.
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-N', '-E', 'UTF8', '--no-locale'], asPostgres);
    const port = await freePort();
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=300 -c shared_buffers=64MB`;
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start'], asPostgres);
    started = true;
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
