import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ClusterNode } from '../../scripts/cluster/startCluster.mjs';

/** Steps the cluster suite's files share: the CLI, SQL on the cluster's database, nginx's access log. */

const vardeBin = fileURLToPath(new URL('../../packages/cli/bin/varde.js', import.meta.url));

export interface VardeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `varde args…` against `cloud` with its own HOME (its login lives there). */
export function runVarde(home: string, cloud: string, args: string[], stdin = ''): Promise<VardeRun> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), VARDE_CLOUD: cloud };
    const child = spawn(process.execPath, [vardeBin, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end(stdin);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** One query on the cluster's database (a connection of its own, closed after). */
export async function sql<Row extends Record<string, unknown>>(databaseUrl: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** nginx's access log as {request, status, nodes tried} (log_format varde in deploy/nginx/varde.conf.template). */
export function accessLog(path: string): { request: string; status: number; nodes: string[] }[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /"([^"]*)" (\d{3}) \d+ node=(\S+)/.exec(line);
      if (!match) throw new Error(`unreadable access log line: ${line}`);
      return { request: match[1]!, status: Number(match[2]), nodes: match[3]!.split(/, | : /) };
    });
}

/** HOST:PORT of a node, as nginx names it in $upstream_addr. */
export const upstreamOf = (node: ClusterNode) => `127.0.0.1:${node.port}`;

/** Resolves once `check` is true (checked every `everyMs`); fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The firebase ID token the portal's realtime sign-in gets from a node for a sign-in (login_firebase takes it). */
export async function firebaseIdToken(node: { url: string }, signedIn: { token: string }): Promise<string> {
  const answer = await fetch(`${node.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: signedIn.token, returnSecureToken: true }),
  });
  if (answer.status !== 200) throw new Error(`custom token sign-in failed: ${answer.status}`);
  return ((await answer.json()) as { idToken: string }).idToken;
}
