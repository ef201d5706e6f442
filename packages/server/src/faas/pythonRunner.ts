import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Output kept per stream; the rest is cut (a runaway print loop must not fill memory). */
export const MAX_OUTPUT_BYTES = 64 * 1024;

/** The interpreter: `VARDE_PYTHON` when set (tests point it at a missing file), else python3 on PATH. */
export function pythonCommand(): string {
  return process.env.VARDE_PYTHON || 'python3';
}

/** `Python 3.12.3`, or null when there is no python3 to run. */
export function pythonVersion(command = pythonCommand()): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 && /^Python 3\./.test(text.trim()) ? text.trim() : null));
  });
}

// Loads main.py by path (isolated mode keeps the script's folder off sys.path), calls main(request)
// and leaves the outcome in result.json; a traceback goes to stderr as usual.
const HARNESS = `
import importlib.util, json, sys, traceback
def finish(outcome, code):
    with open("result.json", "w", encoding="utf-8") as out:
        json.dump(outcome, out, default=str)
    sys.exit(code)
try:
    with open("request.json", encoding="utf-8") as source:
        request = json.load(source)
    spec = importlib.util.spec_from_file_location("main", "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not callable(getattr(module, "main", None)):
        raise RuntimeError("main.py has no function main(request)")
    result = module.main(request)
except Exception as error:
    traceback.print_exc()
    finish({"ok": False, "error": "".join(traceback.format_exception_only(type(error), error)).strip()}, 1)
sys.stdout.flush()
finish({"ok": True, "result": result}, 0)
`;

export interface PythonRun {
  source: string;
  request: Record<string, unknown>;
  /** The service pairs (HISTORIAN_HOST, ...); nothing else of the cloud's environment is passed on. */
  env: Record<string, string>;
  timeoutMs: number;
  command?: string;
}

export interface PythonOutcome {
  status: 'ok' | 'error' | 'timeout';
  exitCode: number | null;
  result?: unknown;
  error?: string;
  stdout: string;
  stderr: string;
}

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

/**
 * Runs a function's source with python3 in a fresh temporary folder, in its own process group, killed
 * (the whole group) at the time limit. Throws only when python3 cannot be started.
 */
export async function runPython(run: PythonRun): Promise<PythonOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'varde-function-'));
  try {
    await writeFile(join(dir, 'main.py'), run.source);
    await writeFile(join(dir, 'harness.py'), HARNESS);
    await writeFile(join(dir, 'request.json'), JSON.stringify(run.request));
    const stdout = collector();
    const stderr = collector();
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      LANG: 'C.UTF-8',
      PYTHONIOENCODING: 'utf-8',
      PYTHONDONTWRITEBYTECODE: '1',
      ...run.env,
    };
    const { exitCode, timedOut } = await new Promise<{ exitCode: number | null; timedOut: boolean }>((resolve, reject) => {
      const child = spawn(run.command ?? pythonCommand(), ['-I', 'harness.py'], {
        cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, run.timeoutMs);
      child.stdout.on('data', stdout.add);
      child.stderr.on('data', stderr.add);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ exitCode: code, timedOut });
      });
    });
    const output = { exitCode, stdout: stdout.text(), stderr: stderr.text() };
    if (timedOut) return { ...output, status: 'timeout', error: `Stopped after the time limit of ${run.timeoutMs / 1000} s` };
    const outcome = await readFile(join(dir, 'result.json'), 'utf8')
      .then((text) => JSON.parse(text) as { ok: boolean; result?: unknown; error?: string })
      .catch(() => null);
    if (outcome?.ok && exitCode === 0) return { ...output, status: 'ok', result: outcome.result ?? null };
    return { ...output, status: 'error', error: outcome?.error ?? `python3 exited with code ${exitCode}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
