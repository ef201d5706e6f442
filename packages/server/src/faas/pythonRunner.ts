import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unsandboxedHarness } from './harness.js';
import { runProcess, type ProcessOutcome } from './runProcess.js';

/** The interpreter outside the sandbox: `VARDE_PYTHON` when set, else python3 on PATH. */
export function pythonCommand(): string {
  return process.env.VARDE_PYTHON || 'python3';
}

export interface PythonRun {
  source: string;
  request: Record<string, unknown>;
  /** The service pairs (HISTORIAN_HOST, ...); nothing else of the cloud's environment is passed on. */
  env: Record<string, string>;
  timeoutMs: number;
}

export interface PythonOutcome {
  status: 'ok' | 'error' | 'timeout';
  exitCode: number | null;
  result?: unknown;
  error?: string;
  stdout: string;
  stderr: string;
}

/** Turns a finished harness run (its exit, output and result.json in `workDir`) into the run's outcome. */
export async function outcomeOf(run: ProcessOutcome, workDir: string, timeoutMs: number): Promise<PythonOutcome> {
  const output = { exitCode: run.exitCode, stdout: run.stdout, stderr: run.stderr };
  if (run.timedOut) return { ...output, status: 'timeout', error: `Stopped after the time limit of ${timeoutMs / 1000} s` };
  const outcome = await readFile(join(workDir, 'result.json'), 'utf8')
    .then((text) => JSON.parse(text) as { ok: boolean; result?: unknown; error?: string })
    .catch(() => null);
  if (outcome?.ok && run.exitCode === 0) return { ...output, status: 'ok', result: outcome.result ?? null };
  const killedBy = run.exitCode === null ? ' (killed: a limit was reached)' : '';
  return { ...output, status: 'error', error: outcome?.error ?? `python3 exited with code ${run.exitCode}${killedBy}` };
}

/**
 * --unsafe-functions only: runs the source with the host's python3 as the cloud's own user, in a fresh
 * temporary folder and its own process group, killed at the time limit. No sandbox: see the README.
 */
export async function runPythonUnsandboxed(run: PythonRun): Promise<PythonOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'varde-function-'));
  try {
    await writeFile(join(dir, 'main.py'), run.source);
    await writeFile(join(dir, 'harness.py'), unsandboxedHarness());
    await writeFile(join(dir, 'request.json'), JSON.stringify(run.request));
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      LANG: 'C.UTF-8',
      PYTHONIOENCODING: 'utf-8',
      PYTHONDONTWRITEBYTECODE: '1',
      ...run.env,
    };
    const result = await runProcess(pythonCommand(), ['-I', 'harness.py'], { cwd: dir, env, detached: true, timeoutMs: run.timeoutMs });
    return await outcomeOf(result, dir, run.timeoutMs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
