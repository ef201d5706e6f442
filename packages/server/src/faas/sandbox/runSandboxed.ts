import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxedHarness } from '../harness.js';
import { outcomeOf, type PythonOutcome } from '../pythonRunner.js';
import { runProcess } from '../runProcess.js';
import type { RunGateway } from '../gateway/serviceGateway.js';
import { bubblewrapArgs, runIdentity, SANDBOX_PYTHON } from './bubblewrap.js';

export interface SandboxedRun {
  source: string;
  request: Record<string, unknown>;
  /** The service pairs (bare host names and tokens); written to a file, never into argv. */
  env: Record<string, string>;
  /** The service host names the run resolves to its relay (and so to the cloud's gateway). */
  hosts: string[];
  caPem: string;
  timeoutMs: number;
  /** Opens the run's gateway on the given socket path. */
  openGateway(socketPath: string): Promise<RunGateway>;
  bwrap: string;
  /** Picks the run's host uid (when the cloud runs as root). */
  sequence: number;
}

/**
 * Runs a function inside bubblewrap: a scratch folder of its own, the harness, its environment and the
 * CA as read-only files, a gateway socket as its only way out. Everything is removed afterwards.
 */
export async function runSandboxed(run: SandboxedRun): Promise<PythonOutcome> {
  const base = await mkdtemp(join(tmpdir(), 'varde-run-'));
  const identity = runIdentity(run.sequence);
  const owned = async (path: string) => {
    if (identity) await chown(path, identity.uid, identity.gid);
  };
  let gateway: RunGateway | undefined;
  try {
    await chmod(base, 0o711);
    const work = join(base, 'work');
    await mkdir(work, { mode: 0o700 });
    await writeFile(join(work, 'main.py'), run.source);
    await writeFile(join(work, 'request.json'), JSON.stringify(run.request));
    const files = {
      harness: join(base, 'harness.py'),
      env: join(base, 'env.json'),
      ca: join(base, 'ca.pem'),
      gatewaySocket: join(base, 'gateway.sock'),
    };
    const etc = { hosts: join(base, 'hosts'), nsswitch: join(base, 'nsswitch.conf'), passwd: join(base, 'passwd') };
    await writeFile(files.harness, sandboxedHarness(run.timeoutMs / 1000), { mode: 0o644 });
    await writeFile(files.env, JSON.stringify(run.env), { mode: 0o600 });
    await writeFile(files.ca, run.caPem, { mode: 0o644 });
    await writeFile(etc.hosts, `127.0.0.1 localhost ${run.hosts.join(' ')}\n`, { mode: 0o644 });
    await writeFile(etc.nsswitch, 'passwd: files\ngroup: files\nhosts: files\n', { mode: 0o644 });
    await writeFile(etc.passwd, 'function:x:0:0:cloud function:/work:/usr/sbin/nologin\n', { mode: 0o644 });
    for (const path of [work, join(work, 'main.py'), join(work, 'request.json'), files.env]) await owned(path);
    gateway = await run.openGateway(files.gatewaySocket);

    const args = bubblewrapArgs({ work, runFiles: files, etc }, [SANDBOX_PYTHON, '-I', '/run/varde/harness.py']);
    // bwrap gets an empty environment: pid 1 inside the sandbox is bwrap, and its environ is readable there.
    const result = await runProcess(run.bwrap, args, { env: {}, timeoutMs: run.timeoutMs, ...identity });
    return await outcomeOf(result, work, run.timeoutMs);
  } finally {
    await gateway?.close();
    await rm(base, { recursive: true, force: true });
  }
}
