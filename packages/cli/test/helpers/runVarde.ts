import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cliDirectory = fileURLToPath(new URL('../..', import.meta.url));
/** What users run: built from the sources once per test run, before any suite starts (buildBundlesGlobalSetup.ts). */
export const bundlePath = join(cliDirectory, 'dist', 'varde.js');
export const binPath = join(cliDirectory, 'bin', 'varde.js');

export interface VardeResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A home of its own for each test: config dir, no VARDE_* or proxy variables from the outside. */
export interface VardeHome {
  directory: string;
  env: Record<string, string>;
  configPath: string;
  readConfig(): { version: number; profiles: Record<string, Record<string, unknown>> };
}

export function createHome(cloudUrl: string, extra: Record<string, string> = {}): VardeHome {
  const directory = mkdtempSync(join(tmpdir(), 'varde-cli-home-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: directory,
    XDG_CONFIG_HOME: join(directory, 'config'),
    VARDE_CLOUD: cloudUrl,
    ...extra,
  };
  const configPath = join(directory, 'config', 'varde', 'config.json');
  return {
    directory,
    env,
    configPath,
    readConfig: () => JSON.parse(readFileSync(configPath, 'utf8')) as ReturnType<VardeHome['readConfig']>,
  };
}

export interface RunningVarde {
  child: ChildProcessWithoutNullStreams;
  /** Resolves when stderr has printed `text` (for driving prompts), rejects if the process ends first. */
  stderrContains(text: string): Promise<void>;
  done: Promise<VardeResult>;
}

export function spawnVarde(home: VardeHome, args: string[], env: Record<string, string> = {}): RunningVarde {
  const child = spawn(process.execPath, [bundlePath, ...args], { env: { ...home.env, ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const stderrWaiters: Array<{ text: string; resolve: () => void }> = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const waiter of stderrWaiters.filter((candidate) => stderr.includes(candidate.text))) {
      stderrWaiters.splice(stderrWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  const done = new Promise<VardeResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return {
    child,
    done,
    stderrContains: (text) =>
      stderr.includes(text)
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => stderrWaiters.push({ text, resolve })),
            done.then((result) => {
              throw new Error(`varde exited (${result.code}) before printing "${text}": ${result.stderr}`);
            }),
          ]),
  };
}

/** Runs varde to the end with `stdin` (closed afterwards, so the CLI never sees a terminal). */
export async function runVarde(
  home: VardeHome,
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<VardeResult> {
  const running = spawnVarde(home, args, options.env);
  running.child.stdin.end(options.stdin ?? '');
  return running.done;
}

/** Whether util-linux `script` is there to give varde a real terminal (pseudo-terminal). */
export function terminalAvailable(): boolean {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface TerminalSession {
  /** Resolves once the terminal has shown `text`. */
  waitFor(text: string): Promise<void>;
  type(text: string): void;
  output(): string;
  done: Promise<{ code: number | null; output: string }>;
}

/**
 * Runs varde on a pseudo-terminal through `script`, so stdin and stdout are TTYs: prompts,
 * hidden input and tables behave as for a person. What the terminal shows (stdout and stderr,
 * plus any echo) is `output()`.
 */
export function runInTerminal(home: VardeHome, args: string[]): TerminalSession {
  const quoted = [process.execPath, bundlePath, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['--quiet', '--return', '--command', quoted, '/dev/null'], {
    env: { ...home.env, TERM: 'dumb' },
    stdio: 'pipe',
  });
  let output = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    for (const waiter of waiters.filter((candidate) => output.includes(candidate.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  const done = new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
  return {
    waitFor: (text) =>
      output.includes(text)
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => waiters.push({ text, resolve })),
            done.then((result) => {
              throw new Error(`varde exited (${result.code}) before showing "${text}": ${result.output}`);
            }),
          ]),
    type: (text) => child.stdin.write(text),
    output: () => output,
    done,
  };
}
