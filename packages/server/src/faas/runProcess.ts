import { spawn, type SpawnOptions } from 'node:child_process';
import { KILL_GRACE_MS } from './sandbox/limits.js';

/** Output kept per stream; the rest is cut (a runaway print loop must not fill memory). */
export const MAX_OUTPUT_BYTES = 64 * 1024;

function collector() {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  return {
    add(chunk: Buffer) {
      const room = MAX_OUTPUT_BYTES - size;
      if (chunk.length > room) cut = true;
      if (room <= 0) return;
      chunks.push(chunk.subarray(0, room));
      size += Math.min(chunk.length, room);
    },
    text: () => Buffer.concat(chunks).toString('utf8') + (cut ? '\n[output cut at 64 KB]' : ''),
  };
}

export interface ProcessOutcome {
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command with a time limit. At the limit the process (its whole group when `detached`) is
 * killed; once it has exited, the answer waits at most KILL_GRACE_MS for the output pipes, so a
 * child that inherited them cannot hold the caller. Rejects only when the command cannot start.
 */
export function runProcess(command: string, args: string[], options: SpawnOptions & { timeoutMs: number }): Promise<ProcessOutcome> {
  const { timeoutMs, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = collector();
    const stderr = collector();
    let timedOut = false;
    let done = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(limitTimer);
      clearTimeout(graceTimer);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({ exitCode: child.exitCode, timedOut, stdout: stdout.text(), stderr: stderr.text() });
    };
    const limitTimer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(spawnOptions.detached ? -child.pid! : child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.stdout!.on('data', stdout.add);
    child.stderr!.on('data', stderr.add);
    child.on('error', (error) => {
      if (done) return;
      done = true;
      clearTimeout(limitTimer);
      reject(error);
    });
    child.on('exit', () => (graceTimer = setTimeout(finish, KILL_GRACE_MS)));
    child.on('close', finish);
  });
}
