// npm as a user runs it, from a folder outside the repository, against the registry.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to the end; never throws for a non-zero exit (the test looks at `code`). */
export async function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string }): Promise<Run> {
  const started = promisify(execFile)(command, args, { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 });
  if (options.input !== undefined) {
    started.child.stdin?.end(options.input);
  }
  try {
    const { stdout, stderr } = await started;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? String(error) };
  }
}

/** Like run, but a failure throws with what the command printed. */
export async function mustRun(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string }): Promise<Run> {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result;
}

/**
 * npm install's flags here: cached package data is used without asking the registry again (the repository's
 * `npm ci` filled the cache on this machine; what is missing is still fetched), and no audit or funding noise.
 */
export const INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];
