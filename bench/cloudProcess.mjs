// The reference cloud as a child process for benchmarks (and the browser suite that needs a cloud of its
// own, siteListAtScale), cleaned up on every path: a cloud that fails to start is killed and its temporary
// files removed; `stop()` may be called any number of times (also after the cloud died); and when the
// process exits with a cloud still running or temporary folders still there (an uncaught error, Ctrl-C),
// the exit handler kills the cloud and removes the folders, so nothing is left behind.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const cloudBin = join(fileURLToPath(new URL('..', import.meta.url)), 'packages/server/bin/varde-cloud.js');
const START_TIMEOUT_MS = 120_000;

const running = new Set();
const leftovers = new Set();
// Synchronous: nothing asynchronous runs once 'exit' is emitted. Retries: a killed cloud may still be
// closing files in a folder being removed.
const removeNow = (path) => rmSync(path, { recursive: true, force: true, maxRetries: 3 });
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const path of leftovers) removeNow(path);
});

// Ctrl-C and SIGTERM would end the process without 'exit': turn them into an exit. Not where the process
// handles them itself (a Playwright worker ignores them; its runner stops it and afterAll stops the cloud).
let signalsHandled = false;
function exitOnSignals() {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(code));
  }
}

/** Kills `child` (any process the benchmark started) if it is still running when the process exits. */
export function killOnExit(child) {
  exitOnSignals();
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** A new folder under the OS temp dir, removed by `remove()` or, at the latest, when the process exits. */
export function tempFolder(prefix) {
  exitOnSignals();
  const path = mkdtempSync(join(tmpdir(), prefix));
  leftovers.add(path);
  return {
    path,
    remove() {
      leftovers.delete(path);
      removeNow(path);
    },
  };
}

/**
 * Starts `varde-cloud args…` and resolves with its URL once it prints its banner. `cleanup` paths
 * (temporary directories the cloud uses) are removed when it stops, or when it fails to start.
 */
export async function startCloud(args, { cleanup = [] } = {}) {
  for (const path of cleanup) leftovers.add(path);
  const child = killOnExit(spawn(process.execPath, [cloudBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }));
  const exited = once(child, 'exit');
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      for (const path of cleanup) {
        leftovers.delete(path);
        removeNow(path);
      }
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
