import { expect, test } from 'vitest';
import { parseCloudArgs } from '../src/cliArgs.js';

const parse = (args: string[], env: NodeJS.ProcessEnv = {}) => parseCloudArgs(args, env, '/srv');

test('defaults: port 8080 (or PORT), ./.varde-data, demo seed', () => {
  expect(parse([])).toEqual({
    kind: 'run',
    options: { port: 8080, seed: 'demo', storage: { kind: 'directory', dir: '/srv/.varde-data' }, logger: true, simulation: 'running' },
  });
  expect(parse([], { PORT: '9090' })).toMatchObject({ options: { port: 9090 } });
  expect(parse(['--port', '7070'], { PORT: '9090' })).toMatchObject({ options: { port: 7070 } });
});

test('every flag', () => {
  const parsed = parse([
    '--port', '0', '--memory', '--seed', 'none', '--domain', 'varde.example', '--public-origin', 'https://cloud.varde.example/',
    '--portal', 'web/dist', '--smtp', 'smtp://u:p@mail:25', '--allow-origin', 'http://localhost:5173', '--host', '0.0.0.0',
  ]);
  expect(parsed).toEqual({
    kind: 'run',
    options: {
      port: 0,
      seed: 'none',
      storage: { kind: 'memory' },
      logger: true,
      host: '0.0.0.0',
      domain: 'varde.example',
      publicOrigin: 'https://cloud.varde.example',
      allowedOrigins: ['http://localhost:5173'],
      portalDir: '/srv/web/dist',
      smtpUrl: 'smtp://u:p@mail:25',
      simulation: 'running',
    },
  });
  expect(parse(['--simulation', 'off'])).toMatchObject({ options: { simulation: 'paused' } });
  expect(parse(['--simulation', 'sometimes'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--simulation') });
  expect(parse(['--data', '/var/varde'])).toMatchObject({ options: { storage: { kind: 'directory', dir: '/var/varde' } } });
  const url = 'postgres://varde@db.example:5432/varde';
  expect(parse(['--database', url])).toMatchObject({ options: { storage: { kind: 'postgres', url } } });
  // The environment names the database unless a flag chooses another place.
  expect(parse([], { PORT: '', VARDE_DATABASE_URL: url })).toMatchObject({ options: { storage: { kind: 'postgres', url } } });
  expect(parse(['--memory'], { PORT: '', VARDE_DATABASE_URL: url })).toMatchObject({ options: { storage: { kind: 'memory' } } });
  expect(parse(['-h'])).toEqual({ kind: 'help' });
});

test('bad flags are errors with a clear message', () => {
  for (const [args, message] of [
    [['--bogus'], /bogus/],
    [['--port', 'abc'], /--port must be a port number/],
    [['--port', '70000'], /--port/],
    [[], /PORT must be a port number/],
    [['--data', 'x', '--memory'], /one of --data DIR, --memory and --database URL/],
    [['--memory', '--database', 'postgres://db/x'], /one of --data DIR, --memory and --database URL/],
    [['--database', 'mysql://db/x'], /--database must be a postgres:\/\/ URL/],
    [['--seed', 'lots'], /--seed must be demo or none/],
    [['--public-origin', 'not a url'], /--public-origin must be an http\(s\) URL/],
    [['--smtp', 'http://mail'], /--smtp must be/],
    [['positional'], /positional/i],
  ] as const) {
    const parsed = parse([...args], args.length === 0 ? { PORT: 'eighty' } : {});
    expect(parsed.kind, args.join(' ')).toBe('error');
    if (parsed.kind === 'error') expect(parsed.message).toMatch(message);
  }
});

test('a node id from --node-id or VARDE_NODE_ID; the metrics token from VARDE_METRICS_TOKEN only', () => {
  expect(parse(['--node-id', 'web-1'])).toMatchObject({ options: { nodeId: 'web-1' } });
  expect(parse([], { VARDE_NODE_ID: 'web-2' })).toMatchObject({ options: { nodeId: 'web-2' } });
  expect(parse(['--node-id', 'web-1'], { VARDE_NODE_ID: 'web-2' })).toMatchObject({ options: { nodeId: 'web-1' } });
  expect(parse(['--node-id', 'two words'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--node-id') });
  expect(parse([], { VARDE_METRICS_TOKEN: 'm'.repeat(20) })).toMatchObject({ options: { metricsToken: 'm'.repeat(20) } });
  expect(parse([], { VARDE_METRICS_TOKEN: 'short' })).toMatchObject({ kind: 'error', message: expect.stringContaining('16 characters') });
  // Never on the command line, where every user of the machine reads it.
  expect(parse(['--metrics-token', 'm'.repeat(20)])).toMatchObject({ kind: 'error' });
});

test('--trust-proxy (repeatable) or VARDE_TRUST_PROXY: addresses and CIDR ranges of the load balancers', () => {
  expect(parse(['--trust-proxy', '127.0.0.1', '--trust-proxy', '10.0.0.0/8'])).toMatchObject({ options: { trustProxy: ['127.0.0.1', '10.0.0.0/8'] } });
  expect(parse([], { VARDE_TRUST_PROXY: '192.168.1.5, fd00::/8' })).toMatchObject({ options: { trustProxy: ['192.168.1.5', 'fd00::/8'] } });
  expect(parse(['--trust-proxy', 'nginx'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--trust-proxy') });
  expect(parse(['--trust-proxy', '10.0.0.0/33'])).toMatchObject({ kind: 'error' });
  expect((parse([]) as { options: object }).options).not.toHaveProperty('trustProxy');
});
