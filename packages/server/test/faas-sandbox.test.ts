import { createServer, type Server } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// The sandbox is the product's trust boundary: these attacks run in CI on every machine (bubblewrap is
// installed by scripts/ensure-debian-package.sh), never skipped.
const FAAS = '/cloud/faas-manager/v0/functions';
let cloud: Cloud;
let dataDir: string;
let admin: Record<string, string>;
let bystander: Server;
let bystanderHits = 0;

/**
 * Saves and starts a run; `answered` settles with the answer once it came, having checked that it came
 * within the run's own timeout + 1 s (the promise for every hostile run, not only the lingering one).
 */
async function startRun(name: string, source: string, timeoutSeconds = 5) {
  const saved = await call(cloud, `${FAAS}/${name}`, { headers: admin, json: { description: 'attack', requirements: '', source } });
  expect(saved.status).toBeLessThan(300);
  const started = Date.now();
  const answered = call(cloud, `${FAAS}/${name}/run`, { headers: admin, json: { timeoutSeconds } }).then((answer) => {
    const elapsedMs = Date.now() - started;
    expect(elapsedMs, `${name} answered after ${elapsedMs} ms`).toBeLessThan(timeoutSeconds * 1000 + 1000);
    return { answer, elapsedMs };
  });
  return { answered };
}

async function runSource(name: string, source: string, timeoutSeconds = 5) {
  return (await startRun(name, source, timeoutSeconds)).answered;
}

/** Host processes whose name (comm, 15 characters at most) is `marker`. */
function processesNamed(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'comm'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.trim() === marker);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'varde-sandbox-test-'));
  cloud = await startCloud({ storage: { kind: 'directory', dir: dataDir } });
  expect(cloud.functions.kind).toBe('sandbox');
  const token = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens[serviceHostName('faas-manager', 'localhost')]!;
  admin = bearer(token);
  bystander = createServer((socket) => {
    bystanderHits += 1;
    socket.end('secret');
  });
  await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  bystander.close();
  await cloud.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the function sandbox', () => {
  it('hides the host: no environment, no other processes, no data directory, no signing key', async () => {
    const probe = `
import os, json
def attempt(what, action):
    try:
        return what + ": " + repr(action())[:200]
    except Exception as error:
        return what + ": refused " + type(error).__name__
def main(request):
    out = []
    out.append(attempt("proc1", lambda: open("/proc/1/environ", "rb").read()))
    out.append(attempt("parent", lambda: open("/proc/%d/environ" % os.getppid(), "rb").read()))
    out.append(attempt("pids", lambda: sorted(p for p in os.listdir("/proc") if p.isdigit())))
    out.append(attempt("data", lambda: os.listdir(${JSON.stringify(dataDir)})))
    out.append(attempt("db", lambda: open(${JSON.stringify(join(dataDir, 'varde.db'))}, "rb").read(100)))
    out.append(attempt("root", lambda: sorted(os.listdir("/"))))
    out.append(attempt("etc", lambda: sorted(os.listdir("/etc"))))
    out.append(attempt("write-usr", lambda: open("/usr/evil", "w").write("x")))
    out.append(attempt("write-tmp", lambda: open("/tmp/evil", "w").write("x")))
    out.append(attempt("home", lambda: os.listdir("/root")))
    return {"lines": out, "env": sorted(os.environ)}
`;
    const { answer } = await runSource('peek', probe);
    expect(answer.body.status).toBe('ok');
    const lines: string[] = answer.body.result.lines;
    const line = (what: string) => lines.find((text) => text.startsWith(`${what}:`))!;
    // pid 1 is bubblewrap, started with an empty environment; the parent is inside the sandbox too.
    expect(line('proc1')).toBe("proc1: b''");
    expect(line('parent')).toBe("parent: b''");
    expect(JSON.parse(line('pids').slice(6).replace(/'/g, '"')).length).toBeLessThanOrEqual(3);
    expect(line('data')).toContain('refused');
    expect(line('db')).toContain('refused');
    expect(line('root')).toBe("root: ['bin', 'dev', 'etc', 'lib', 'lib64', 'proc', 'run', 'usr', 'work']");
    expect(line('etc')).toBe("etc: ['hosts', 'nsswitch.conf', 'passwd']");
    expect(line('write-usr')).toContain('refused');
    expect(line('write-tmp')).toContain('refused');
    expect(line('home')).toContain('refused');
    // Only what the harness hands over: the service pairs and the sandbox's own basics.
    expect(answer.body.result.env.filter((name: string) => !/^(HISTORIAN|WRITEAPI|MAPPINGSMANAGER|CLOUD_META_DATA)_(HOST|TOKEN)$/.test(name)))
      .toEqual(['HOME', 'LANG', 'PATH', 'PWD', 'REQUESTS_CA_BUNDLE', 'SSL_CERT_FILE', 'TMPDIR']);
  });

  it("reaches no port but the cloud's services, and no outside address", async () => {
    const { port } = bystander.address() as { port: number };
    const source = `
import socket
def attempt(host, port):
    try:
        socket.create_connection((host, port), timeout=2).recv(10)
        return "connected"
    except Exception as error:
        return "refused " + type(error).__name__
def main(request):
    return [attempt("127.0.0.1", ${port}), attempt("127.0.0.1", ${cloud.port}), attempt("10.0.0.1", 80), attempt("example.com", 443)]
`;
    const { answer } = await runSource('reach', source);
    expect(answer.body.status).toBe('ok');
    expect(answer.body.result.every((outcome: string) => outcome.startsWith('refused'))).toBe(true);
    expect(bystanderHits).toBe(0);
  });

  it('limits processes and memory', async () => {
    const source = `
import os, time
def main(request):
    started = 0
    try:
        for _ in range(100):
            if os.fork() == 0:
                time.sleep(30)
                os._exit(0)
            started += 1
    except OSError as error:
        pass
    try:
        block = bytearray(2 * 1024 * 1024 * 1024)
        allocated = "allocated"
    except MemoryError:
        allocated = "MemoryError"
    return {"started": started, "allocated": allocated}
`;
    const { answer } = await runSource('greedy', source);
    expect(answer.body.status).toBe('ok');
    expect(answer.body.result.started).toBeLessThan(16);
    expect(answer.body.result.allocated).toBe('MemoryError');
  });

  it('kills the whole tree at the time limit, a detached child holding the output too, and answers within a second of it', async () => {
    const marker = `vd${Date.now() % 1e12}`;
    const source = `
import os, time
def main(request):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            open("/proc/self/comm", "w").write("${marker}")
            while True:
                print("still here", flush=True)
                time.sleep(0.2)
        os._exit(0)
    while True:
        time.sleep(0.1)
`;
    const { answered } = await startRun('linger', source, 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(processesNamed(marker)).toHaveLength(1); // the detached child is there while the run lasts
    const { answer } = await answered; // within 2 s + 1 s, checked by startRun
    expect(answer.body.status).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processesNamed(marker)).toEqual([]);
    // No run folder is left behind either.
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('varde-run-'))).toEqual([]);
  });

  it("reaches the cloud's services by bare host name over HTTPS it trusts, and nothing else through the gateway", async () => {
    const site = demoSites()[0]!.uuid;
    const source = `
import json, os, ssl, urllib.request, urllib.error
def get(url, token):
    request = urllib.request.Request(url, headers={"Authorization": "Bearer " + token})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
def main(request):
    host = os.environ["HISTORIAN_HOST"]
    status, points = get("https://" + host + "/${site}/timeseries/RT401?from=2026-01-01T00:00:00.000&to=2026-01-01T01:00:00.000&time_format=epoch", os.environ["HISTORIAN_TOKEN"])
    # Another of the cloud's hosts through the same relay: the gateway serves only the handed-out names.
    request = urllib.request.Request("https://" + host + "/", headers={"Host": "auth.localhost"})
    try:
        urllib.request.urlopen(request, timeout=5)
        other = "served"
    except urllib.error.HTTPError as error:
        other = error.code
    return {"host": host, "status": status, "points": len(points) if isinstance(points, list) else points, "other": other}
`;
    const { answer } = await runSource('fetch', source);
    expect(answer.body.stderr).toBe('');
    expect(answer.body.result).toMatchObject({ host: 'historian.localhost', status: 200, other: 421 });
    expect(answer.body.result.points).toBeGreaterThan(2);
  });

  it('stays healthy after all of it', async () => {
    const list = await call(cloud, FAAS, { headers: admin });
    expect(list.status).toBe(200);
    const { answer } = await runSource('fine', 'def main(request):\n    return 42\n');
    expect(answer.body).toMatchObject({ status: 'ok', result: 42 });
  });
});

describe('a cloud without a sandbox', () => {
  it('refuses to run functions with a clear 503 unless told --unsafe-functions', async () => {
    const bare = await startCloud({ bwrapPath: '/nonexistent/bwrap' });
    const unsafe = await startCloud({ bwrapPath: '/nonexistent/bwrap', unsafeFunctions: true });
    try {
      expect(bare.functions).toEqual({ kind: 'off', reason: '/nonexistent/bwrap is not installed' });
      const token = async (target: Cloud) =>
        bearer((await signIn(target, 'admin@varde.test', 'demo1234')).accessTokens[serviceHostName('faas-manager', 'localhost')]!);
      const refused = await call(bare, `${FAAS}/hello/run`, { headers: await token(bare), json: {} });
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toMatch(/sandbox.*bubblewrap.*--unsafe-functions/);
      expect(unsafe.functions.kind).toBe('unsafe');
      const ran = await call(unsafe, `${FAAS}/hello/run`, { headers: await token(unsafe), json: {} });
      expect(ran.body.status).toBe('ok');
    } finally {
      await bare.close();
      await unsafe.close();
    }
  });
});
