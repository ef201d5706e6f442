import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CloudOptions } from './context.js';
import { mapTilesProblem } from './map/mapTiles.js';
import { nodeIdProblem } from './cluster/nodeId.js';

export const USAGE = `Usage: varde-cloud [options]
       varde-cloud copy-data --from DIR --to URL   (a SQLite cloud into an empty PostgreSQL; --help)

  --port N             port to listen on (default: $PORT, else 8080; 0 = any free port)
  --host ADDR          interface to listen on (default 127.0.0.1)
  --data DIR           keep state in DIR/varde.db (default ./.varde-data)
  --memory             keep state in memory only (lost on exit)
  --database URL       keep state in PostgreSQL 15+ (postgres://user@host:port/db; default
                       $VARDE_DATABASE_URL). Put a password in VARDE_DATABASE_URL or ~/.pgpass, not
                       on the command line, where other users of the machine can read it.
  --seed demo|none     seed demo data into a new database (default demo)
  --domain D           service host names are <service>.D (default localhost)
  --public-origin URL  where browsers reach the cloud (default http://localhost:<port>)
  --portal DIR         serve a built portal from DIR at / (installed from npm: the
                       portal the package ships, unless given)
  --static /PATH=DIR   serve the files of DIR under /PATH (repeatable), e.g.
                       --static /widgets=packages/widgets/dist/elements --static /examples=examples
                       (installed from npm: /widgets and /examples the package ships, unless given)
  --smtp URL           also deliver e-mail over SMTP (smtp://user:pass@host:port)
  --allow-origin URL   another origin allowed to call with cookies (repeatable)
  --simulation on|off  make the demo alive: alarms come and go, sites drop off (default on)
  --bulk-sites N       benchmarks: add N generated sites, half with an active alarm (new demo database)
  --token-rate-limit N requests a minute one access token (varde_pat_) may make on one node (default 1200)
  --scim-rate-limit N  requests a minute one SCIM directory connection may make on one node (default 1000)
  --audit-retention-days N
                       days an audit record is kept; the leader deletes older ones (default 400)
  --outbox private|public
                       who reads the outbox (sign-in codes, reset links): system admins (default), or
                       anyone (demo machines; not with --smtp)
  --frame-ancestors URL
                       an origin whose pages may frame the widget host pages (/examples, /widgets) and
                       the controller frames (repeatable; the portal itself is never framed by others)
  --map-tiles URL      a tile server for the alarm map ({z}/{x}/{y}, optionally {s}), e.g.
                       https://tile.openstreetmap.org/{z}/{x}/{y}.png (default: none, the map shows the
                       country outlines shipped with the widgets, which work offline)
  --map-attribution T  the tile server's attribution, shown on the map (plain text)
  --trust-proxy ADDR   a load balancer's address or CIDR range (repeatable; default $VARDE_TRUST_PROXY,
                       comma-separated): from it, X-Forwarded-For names the client (rate limits and
                       sign-in throttling count per client) and X-Forwarded-Proto the scheme
  --node-id NAME       this node's name in /cloud/health, metrics and logs (default $VARDE_NODE_ID, else
                       host:pid); the metrics token comes from $VARDE_METRICS_TOKEN only (never argv)
  --unsafe-functions   run cloud functions WITHOUT a sandbox when bubblewrap is missing (only on a machine
                       only you use: a function can then read everything the cloud can)
  --test-clock         let a system admin move the cloud's clock forward (POST /cloud/alarms/test-clock/advance
                       {"minutes": N}), running the rules and escalation steps that become due; for tests
  -h, --help           show this help
`;

export type ParsedArgs = { kind: 'help' } | { kind: 'run'; options: CloudOptions } | { kind: 'error'; message: string };

function parsePort(text: string, from: string): number | string {
  if (!/^\d+$/.test(text) || Number(text) > 65535) return `${from} must be a port number (0-65535), not "${text}"`;
  return Number(text);
}

/** Parses varde-cloud's command line; errors are returned (the caller prints them and exits 2). */
export function parseCloudArgs(argv: string[], env: NodeJS.ProcessEnv, cwd: string): ParsedArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        memory: { type: 'boolean' },
        database: { type: 'string' },
        seed: { type: 'string' },
        domain: { type: 'string' },
        'public-origin': { type: 'string' },
        portal: { type: 'string' },
        static: { type: 'string', multiple: true },
        smtp: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'frame-ancestors': { type: 'string', multiple: true },
        'map-tiles': { type: 'string' },
        'map-attribution': { type: 'string' },
        simulation: { type: 'string' },
        'bulk-sites': { type: 'string' },
        'token-rate-limit': { type: 'string' },
        'scim-rate-limit': { type: 'string' },
        'audit-retention-days': { type: 'string' },
        'unsafe-functions': { type: 'boolean' },
        'test-clock': { type: 'boolean' },
        outbox: { type: 'string' },
        'node-id': { type: 'string' },
        'trust-proxy': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };

  const port = values.port !== undefined ? parsePort(values.port, '--port') : env.PORT ? parsePort(env.PORT, 'PORT') : 8080;
  if (typeof port === 'string') return { kind: 'error', message: port };
  const databaseUrl = values.database ?? (values.memory || values.data !== undefined ? undefined : env.VARDE_DATABASE_URL || undefined);
  if ([values.memory, values.data !== undefined, values.database !== undefined].filter(Boolean).length > 1) {
    return { kind: 'error', message: 'Use one of --data DIR, --memory and --database URL' };
  }
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return { kind: 'error', message: `${values.database !== undefined ? '--database' : 'VARDE_DATABASE_URL'} must be a postgres:// URL` };
  }
  const seed = values.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') return { kind: 'error', message: `--seed must be demo or none, not "${seed}"` };

  const options: CloudOptions = {
    port,
    seed,
    storage: databaseUrl !== undefined
      ? { kind: 'postgres', url: databaseUrl }
      : values.memory ? { kind: 'memory' } : { kind: 'directory', dir: resolve(cwd, values.data ?? '.varde-data') },
    logger: true,
  };
  if (values.host !== undefined) options.host = values.host;
  if (values.domain !== undefined) {
    if (!/^[a-z0-9.-]+$/i.test(values.domain)) return { kind: 'error', message: `--domain is not a host name: "${values.domain}"` };
    options.domain = values.domain;
  }
  for (const [flag, url] of [['--public-origin', values['public-origin']], ...(values['allow-origin'] ?? []).map((u) => ['--allow-origin', u]), ...(values['frame-ancestors'] ?? []).map((u) => ['--frame-ancestors', u])] as [string, string | undefined][]) {
    if (url === undefined) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
    } catch {
      return { kind: 'error', message: `${flag} must be an http(s) URL, not "${url}"` };
    }
  }
  if (values['public-origin'] !== undefined) options.publicOrigin = new URL(values['public-origin']).origin;
  if (values['allow-origin']) options.allowedOrigins = values['allow-origin'].map((url) => new URL(url).origin);
  if (values['frame-ancestors']) options.frameAncestors = values['frame-ancestors'].map((url) => new URL(url).origin);
  if (values.portal !== undefined) options.portalDir = resolve(cwd, values.portal);
  for (const mount of values.static ?? []) {
    const match = /^((?:\/[\w.~-]+)+)=(.+)$/.exec(mount);
    if (!match || match[1] === '/cloud' || match[1]!.startsWith('/cloud/') || match[1]!.split('/').some((part) => part === '.' || part === '..')) {
      return { kind: 'error', message: `--static must be /PATH=DIR (not under /cloud), not "${mount}"` };
    }
    (options.staticMounts ??= []).push({ prefix: match[1]!, dir: resolve(cwd, match[2]!) });
  }
  const simulation = values.simulation ?? 'on';
  if (simulation !== 'on' && simulation !== 'off') return { kind: 'error', message: `--simulation must be on or off, not "${simulation}"` };
  options.simulation = simulation === 'on' ? 'running' : 'paused';
  if (values['token-rate-limit'] !== undefined) {
    if (!/^\d+$/.test(values['token-rate-limit']) || Number(values['token-rate-limit']) < 1) {
      return { kind: 'error', message: `--token-rate-limit must be a whole number of requests a minute, at least 1, not "${values['token-rate-limit']}"` };
    }
    options.tokenRequestsPerMinute = Number(values['token-rate-limit']);
  }
  if (values['scim-rate-limit'] !== undefined) {
    if (!/^\d+$/.test(values['scim-rate-limit']) || Number(values['scim-rate-limit']) < 1) {
      return { kind: 'error', message: `--scim-rate-limit must be a whole number of requests a minute, at least 1, not "${values['scim-rate-limit']}"` };
    }
    options.scimRequestsPerMinute = Number(values['scim-rate-limit']);
  }
  if (values['audit-retention-days'] !== undefined) {
    const days = values['audit-retention-days'];
    if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 36_500) {
      return { kind: 'error', message: `--audit-retention-days must be a whole number of days, 1-36500, not "${days}"` };
    }
    options.auditRetentionDays = Number(days);
  }
  if (values['bulk-sites'] !== undefined) {
    if (!/^\d+$/.test(values['bulk-sites']) || Number(values['bulk-sites']) > 100_000) {
      return { kind: 'error', message: `--bulk-sites must be a number 0-100000, not "${values['bulk-sites']}"` };
    }
    options.bulkSites = Number(values['bulk-sites']);
  }
  if (values.smtp !== undefined) {
    if (!/^smtps?:\/\//.test(values.smtp)) return { kind: 'error', message: '--smtp must be an smtp:// or smtps:// URL' };
    options.smtpUrl = values.smtp;
  }
  if (values['unsafe-functions']) options.unsafeFunctions = true;
  if (values['test-clock']) options.testClock = true;
  if (values['map-tiles'] !== undefined) {
    const problem = mapTilesProblem(values['map-tiles']);
    if (problem) return { kind: 'error', message: problem };
    options.mapTiles = { url: values['map-tiles'], attribution: values['map-attribution'] ?? '' };
  } else if (values['map-attribution'] !== undefined) {
    return { kind: 'error', message: '--map-attribution needs --map-tiles' };
  }
  if (values.outbox !== undefined) {
    if (values.outbox !== 'public' && values.outbox !== 'private') return { kind: 'error', message: `--outbox must be private or public, not "${values.outbox}"` };
    if (values.outbox === 'public' && values.smtp !== undefined) {
      return { kind: 'error', message: '--outbox public cannot be combined with --smtp: e-mail to real mailboxes is never readable by anyone' };
    }
    options.outbox = values.outbox;
  }
  const proxies = values['trust-proxy'] ?? (env.VARDE_TRUST_PROXY ? env.VARDE_TRUST_PROXY.split(',').map((entry) => entry.trim()).filter(Boolean) : []);
  for (const proxy of proxies) {
    const [address, bits, extra] = proxy.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits))) {
      return { kind: 'error', message: `--trust-proxy must be an IP address or CIDR range (10.0.0.0/8), not "${proxy}"` };
    }
  }
  if (proxies.length > 0) options.trustProxy = proxies;
  const nodeId = values['node-id'] ?? (env.VARDE_NODE_ID || undefined);
  if (nodeId !== undefined) {
    const problem = nodeIdProblem(nodeId);
    if (problem) return { kind: 'error', message: `${values['node-id'] !== undefined ? '--node-id' : 'VARDE_NODE_ID'}: ${problem}` };
    options.nodeId = nodeId;
  }
  // A token on the command line is readable by every user of the machine (ps): the environment only.
  const metricsToken = env.VARDE_METRICS_TOKEN;
  if (metricsToken !== undefined && metricsToken !== '') {
    if (metricsToken.length < 16) return { kind: 'error', message: 'VARDE_METRICS_TOKEN must be at least 16 characters' };
    options.metricsToken = metricsToken;
  }
  return { kind: 'run', options };
}
