import { Agent, get, type IncomingMessage } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCloudArgs } from '../src/cliArgs.js';
import { call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** Issue 14: the portal's CSP without inline script, frame protection, nosniff, Referrer-Policy, HSTS over https. */
let cloud: Cloud;
const HOST = 'https://host.example';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'varde-headers-'));
  mkdirSync(join(dir, 'portal'));
  writeFileSync(join(dir, 'portal', 'index.html'), '<!doctype html><script type="module" src="/assets/portal.js"></script>');
  mkdirSync(join(dir, 'examples'));
  writeFileSync(join(dir, 'examples', 'index.html'), '<!doctype html><p>host page</p>');
  cloud = await startCloud({
    portalDir: join(dir, 'portal'),
    staticMounts: [{ prefix: '/examples', dir: join(dir, 'examples') }],
    frameAncestors: [HOST],
  });
});
afterAll(() => cloud.close());

function directives(csp: string | null): Map<string, string> {
  return new Map((csp ?? '').split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values.join(' ')]));
}

describe('the portal', () => {
  test('has a CSP without inline script, and may not be framed', async () => {
    const answer = await call(cloud, '/sites', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(200);
    const csp = directives(answer.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('strict-transport-security')).toBeNull(); // http origin
  });

  test('the silent-renew callback may be framed by the portal only', async () => {
    const answer = await call(cloud, '/login/silent-callback', { headers: { accept: 'text/html' } });
    expect(directives(answer.headers.get('content-security-policy')).get('frame-ancestors')).toBe("'self'");
  });
});

describe('framable pages', () => {
  test('a widget host page may be framed by the cloud and the --frame-ancestors origins', async () => {
    const answer = await call(cloud, '/examples/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(`frame-ancestors 'self' ${HOST}`);
  });

  test('the controller frame keeps its own CSP with the framable list', async () => {
    const answer = await call(cloud, '/cloud/controller-proxy/sites/nope/?portalId=nope', { headers: { accept: 'text/html' } }); // as a frame asks
    expect(answer.status).toBe(401);
    const csp = directives(answer.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe(`'self' ${HOST}`);
  });
});

test('JSON answers: nosniff, no CSP needed', async () => {
  const answer = await call(cloud, '/cloud/users/users');
  expect(answer.status).toBe(401);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('content-security-policy')).toBeNull();
});

test('HSTS only when the public origin is https', async () => {
  const secure = await startCloud({ publicOrigin: 'https://varde.example' });
  try {
    // Behind a TLS proxy the public origin is https; the cloud itself listens on plain HTTP.
    const answer = await call({ url: `http://127.0.0.1:${secure.port}` }, '/cloud/users/users');
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000');
  } finally {
    await secure.close();
  }
});

test('--frame-ancestors is repeatable and takes origins', () => {
  const parsed = parseCloudArgs(['--frame-ancestors', 'https://a.example/path', '--frame-ancestors', 'http://b.example:8080'], {}, '/');
  expect(parsed).toMatchObject({ kind: 'run', options: { frameAncestors: ['https://a.example', 'http://b.example:8080'] } });
  expect(parseCloudArgs(['--frame-ancestors', "'none'"], {}, '/')).toMatchObject({ kind: 'error', message: expect.stringMatching(/--frame-ancestors/) });
});

describe('connections', () => {
  test('an idle keep-alive connection is kept longer than a proxy keeps its own (nginx: 60 s)', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = await new Promise<IncomingMessage>((resolve, reject) =>
        get(new URL('/sites', cloud.url), { agent, headers: { accept: 'text/html' } }, resolve).on('error', reject),
      );
      answer.resume();
      // Node's default is 5 s: a proxy reusing the connection after that meets a closed socket (502).
      expect(answer.headers['keep-alive']).toBe('timeout=75');
    } finally {
      agent.destroy();
    }
  });
});
