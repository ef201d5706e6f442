import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';
import { useLanguage } from '../storedLanguage.js';

export const admin = demoUsers.admin;
const cliPath = fileURLToPath(new URL('../../../packages/cli/dist/varde.js', import.meta.url));
const port = Number(process.env.VARDE_E2E_PORT ?? 8199);

/** Opens `path` signed in as the admin (English texts), from the saved sign-in (../savedSignIn.ts). */
export async function signIn(page: Page, path: string): Promise<void> {
  await useLanguage(page, 'en');
  await signInAs(page, path, admin.email, admin.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A bearer header for one service, from an API sign-in (set-up and checks, as a script would). */
export async function bearerFor(request: APIRequestContext, service: string): Promise<Record<string, string>> {
  const answer = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  const { accessTokens } = (await answer.json()) as { accessTokens: Record<string, string> };
  const token = Object.entries(accessTokens).find(([host]) => host.startsWith(`${service}.`))?.[1];
  if (!token) throw new Error(`no ${service} token`);
  return { authorization: `Bearer ${token}` };
}

/** Runs the built CLI (packages/cli/dist) against the suite's cloud, in a home of its own. */
export function cliRunner() {
  const home = mkdtempSync(join(tmpdir(), 'varde-e2e-cli-'));
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: join(home, 'config'), VARDE_CLOUD: `http://localhost:${port}` };
  return async (args: string[], stdin?: string): Promise<{ stdout: string; stderr: string }> => {
    const run = promisify(execFile)(process.execPath, [cliPath, ...args], { env, timeout: 60_000 });
    if (stdin !== undefined) {
      run.child.stdin?.end(stdin);
    }
    return run;
  };
}
