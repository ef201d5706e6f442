// Child processes of a cluster (nodes, nginx), each in a process group of its own, so that a terminal's
// Ctrl-C reaches only the harness, which then stops them in order. Whatever way the harness's process
// ends ('exit': a failed start, an uncaught error, a signal turned into an exit), the groups still
// running are killed, so nothing is left behind.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const running = new Set();
process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

// Ctrl-C and SIGTERM end a process without 'exit': turn them into one where nobody handles them.
let signalsHandled = false;
function exitOnSignals() {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(code));
  }
}

/** Signals the child's whole group (nginx's workers, a node's sandboxed function runs). */
export function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
}

/** Spawns a tracked child in its own process group; `exited` resolves once it has gone. */
export function spawnTracked(command, args, options) {
  exitOnSignals();
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  const exited = once(child, 'exit').catch(() => undefined);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
  return { child, exited };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopChild({ child, exited }, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
