// varde-cloud as installed from its package, on a free port, stopped with the test.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { killOnExit } from '../../bench/cloudProcess.mjs';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface InstalledCloud {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `bin args…` and resolves once the cloud prints its banner. */
export async function startInstalledCloud(bin: string, args: string[], cwd: string): Promise<InstalledCloud> {
  const child = killOnExit(spawn(bin, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }));
  const exited = once(child, 'exit');
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`varde-cloud did not start in 90 s: ${output}`)), 90_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const match = /Varde reference cloud: (\S+)/.exec(output);
        if (match) (clearTimeout(timer), resolve(match[1]!));
      });
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`varde-cloud exited (${code}): ${output}`))));
    });
    return { url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
