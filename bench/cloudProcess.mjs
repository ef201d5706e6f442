// The reference cloud as a child process for benchmarks, cleaned up on every path: a cloud that fails to
// start is killed and its temporary files removed; `stop()` may be called any number of times (also after
// the cloud died); and a cloud still running when the benchmark process exits (an uncaught error, Ctrl-C)
// is killed then, so no benchmark leaves one behind.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const cloudBin = join(fileURLToPath(new URL('..', import.meta.url)), 'packages/server/bin/varde-cloud.js');
const START_TIMEOUT_MS = 120_000;

const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.once(signal, () => process.exit(code)); // the exit handler above kills the clouds
}

/**
 * Starts `varde-cloud args…` and resolves with its URL once it prints its banner. `cleanup` paths
 * (temporary directories the cloud uses) are removed when it stops, or when it fails to start.
 */
export async function startCloud(args, { cleanup = [] } = {}) {
  const child = spawn(process.execPath, [cloudBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = once(child, 'exit').then(() => running.delete(child));
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      for (const path of cleanup) rmSync(path, { recursive: true, force: true });
    })();
    return stopped;
  };

  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
  });
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`cloud did not start within ${START_TIMEOUT_MS / 1000} s: ${output}`)), START_TIMEOUT_MS);
      child.stdout.setEncoding('utf8').on('data', (chunk) => {
        output += chunk;
        const match = /Varde reference cloud: (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`cloud exited (${code}) before starting: ${output}`));
      });
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
