import type { MapTiles } from './map/mapTiles.js';
import { defaultNodeId } from './cluster/nodeId.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmService } from './alarms/alarmStore.js';
import type { AnomalyService } from './anomaly/anomalyService.js';
import type { Historian } from './historian/historianStore.js';
import type { WriteApiService } from './writeApi/writeApiService.js';
import type { Clock } from './clock.js';
import type { RuleEngine } from './rules/ruleEngine.js';
import type { RuleStore } from './rules/ruleStore.js';
import type { RegisteredRoute } from './http/routeRegistry.js';
import type { Simulation } from './simulation/simulation.js';
import type { SimulationSwitch } from './cluster/simulationSwitch.js';
import type { StorageLocation } from './storage/db.js';
import type { CloudServices } from './services.js';
import type { SigningKeys } from './tokens/keys.js';
import type { StaticMount } from './http/staticFiles.js';
import type { CallerCache } from './http/callerCache.js';

/** How one cloud process is configured (every field resolved; see resolveConfig for defaults). */
export interface CloudConfig {
  /** 0 = an ephemeral port, chosen at start. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Service host names are `<service>.<domain>`. */
  domain: string;
  /** Where browsers reach the cloud, no trailing slash: issuer URLs and e-mailed links use it. */
  publicOrigin: string;
  storage: StorageLocation;
  /** 'demo' seeds demo data into a new database; existing databases are never seeded. */
  seed: 'demo' | 'none';
  /** When set, e-mail from the outbox is also delivered over SMTP (nodemailer URL). */
  smtpUrl?: string;
  /** A built single-page app served at / (history fallback for GET text/html). */
  portalDir?: string;
  /** Folders served under URL paths (examples, widget bundles for host pages); tried before the portal. */
  staticMounts?: StaticMount[];
  /** Origins besides publicOrigin whose pages may call the cloud with cookies (CORS credentials). */
  allowedOrigins: string[];
  /** Origins whose pages may frame the framable pages (/examples, /widgets, controller frames): --frame-ancestors. */
  frameAncestors?: string[];
  /** A tile server for the alarm map (--map-tiles); without it the map shows the shipped outlines only. */
  mapTiles?: MapTiles;
  /** 'running' makes the demo alive from the start (varde-cloud); 'paused' waits for start/step (tests). */
  simulation: 'running' | 'paused';
  /** Benchmarks: this many generated sites (half with an active alarm) added to a new demo database. */
  bulkSites: number;
  /** Who reads the outbox: 'private' = system admins; 'public' = anyone (demo machines; never with smtpUrl). */
  outbox: 'public' | 'private';
  /** Run cloud functions without a sandbox when none can be set up (a machine only you use). */
  unsafeFunctions: boolean;
  /** bubblewrap's path; tests point it at a missing file to see a cloud without a sandbox. */
  bwrapPath?: string;
  /** This node's name in /cloud/health, metrics and logs (--node-id, VARDE_NODE_ID; default host:pid). */
  nodeId: string;
  /** The bearer token that reads /cloud/metrics (VARDE_METRICS_TOKEN); without one the metrics are off (404). */
  metricsToken?: string;
  /**
   * Addresses (or CIDR ranges) of the load balancers in front: from them, X-Forwarded-For names the client
   * (rate limits, sign-in throttling) and X-Forwarded-Proto the scheme (--trust-proxy, VARDE_TRUST_PROXY).
   */
  trustProxy?: string[];
  /** The BIM service's client secret (VARDE_BIM_CLIENT_SECRET, 16+ characters); else derived from the signing key. */
  bimClientSecret?: string;
  /** Requests a minute one personal access token may make on one node (--token-rate-limit; default 1200). */
  tokenRequestsPerMinute: number;
  /** Requests a minute one SCIM directory connection may make on one node (--scim-rate-limit; default 1000). */
  scimRequestsPerMinute: number;
  /** Days an audit record is kept before the leader deletes it (--audit-retention-days; default 400). */
  auditRetentionDays: number;
}

/** What createCloud accepts: any field of CloudConfig left out gets its default. */
export type CloudOptions = Partial<CloudConfig> & {
  /** The cloud's time; tests and simulations pass their own. */
  clock?: Clock;
  /** fastify logger setting; off by default (tests), main.ts turns it on. */
  logger?: boolean;
  /** `--test-clock`: the cloud's clock can be moved forward by a system admin (POST /cloud/alarms/test-clock/advance). */
  testClock?: boolean;
  /** Hears every SQL statement the cloud sends (tests count the statements of each read route). */
  onStatement?: (sql: string) => void;
};

/** How long audit records are kept (issue 36): a year and a bit, so last year's same month is still there. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;

/** A script's steady pace (20 a second) with room for bursts; a runaway loop is stopped, not the cloud. */
export const DEFAULT_TOKEN_REQUESTS_PER_MINUTE = 1200;
/** Entra ID's provisioning expects a limit and honours Retry-After; 1,000 a minute is issue 36's figure. */
export const DEFAULT_SCIM_REQUESTS_PER_MINUTE = 1000;

/** Defaults: port 0, host 127.0.0.1, domain localhost, in-memory storage, no seed. */
export function resolveConfig(options: CloudOptions, port: number): CloudConfig {
  const config: CloudConfig = {
    port,
    host: options.host ?? '127.0.0.1',
    domain: options.domain ?? 'localhost',
    publicOrigin: (options.publicOrigin ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    storage: options.storage ?? { kind: 'memory' },
    seed: options.seed ?? 'none',
    allowedOrigins: (options.allowedOrigins ?? []).map((origin) => origin.replace(/\/+$/, '')),
    simulation: options.simulation ?? 'paused',
    bulkSites: options.bulkSites ?? 0,
    unsafeFunctions: options.unsafeFunctions ?? false,
    nodeId: options.nodeId ?? defaultNodeId(),
    tokenRequestsPerMinute: options.tokenRequestsPerMinute ?? DEFAULT_TOKEN_REQUESTS_PER_MINUTE,
    scimRequestsPerMinute: options.scimRequestsPerMinute ?? DEFAULT_SCIM_REQUESTS_PER_MINUTE,
    auditRetentionDays: options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
    // Real mailboxes (SMTP) are never mirrored to anyone who asks.
    outbox: options.outbox === 'public' && !options.smtpUrl ? 'public' : 'private',
  };
  if (options.bwrapPath) config.bwrapPath = options.bwrapPath;
  if (options.smtpUrl) config.smtpUrl = options.smtpUrl;
  if (options.portalDir) config.portalDir = options.portalDir;
  if (options.staticMounts?.length) config.staticMounts = options.staticMounts;
  if (options.frameAncestors?.length) config.frameAncestors = options.frameAncestors;
  if (options.mapTiles) config.mapTiles = options.mapTiles;
  if (options.metricsToken) config.metricsToken = options.metricsToken;
  if (options.trustProxy?.length) config.trustProxy = options.trustProxy;
  // From the environment as well, as before it was configuration: every node of a cluster must share it.
  const bimSecret = options.bimClientSecret ?? process.env.VARDE_BIM_CLIENT_SECRET;
  if (bimSecret && bimSecret.length >= 16) config.bimClientSecret = bimSecret;
  return config;
}

/** Everything a service module needs, passed explicitly (no globals); modules take the parts they use. */
export interface CloudContext extends CloudServices {
  config: CloudConfig;
  keys: SigningKeys;
  log: FastifyBaseLogger;
  /** Every route registered so far (see http/routeRegistry.ts). */
  routes: readonly RegisteredRoute[];
  /** Alarms of the sites: raise, clear, acknowledge (simulation, tests, the rule engine). */
  alarms: AlarmService;
  /** The demo's life (alarms come and go, sites drop off and return); step it in tests. */
  simulation: Simulation;
  /** Whether the cluster wants the simulation to run (any node may be asked; the leader runs it). */
  simulationSwitch: SimulationSwitch;
  /** Notification rules per site and the threshold engine (tests: `rules.engine.evaluate()`). */
  rules: { store: RuleStore; engine: RuleEngine };
  /** Stored tag values (series definitions; values generated deterministically). */
  historian: Historian;
  /** ML models, versions and the training job runner (tests: anomaly.training.useManualSteps()). */
  anomaly: AnomalyService;
  /** Values written through the write API (the historian serves them too) and cloud-function runs in progress. */
  writeApi: WriteApiService;
  /** What token checks read, kept on this node until anything it depends on changes (http/callerCache.ts). */
  callerCache: CallerCache;
  /** The sites requests name and the SCIM tokens' connections, kept on this node until one changes (http/keptRows.ts). */
  keptRows: CallerCache;
}

/** Origins trusted with cookies: the cloud's own and the configured ones. */
export function trustedOrigins(config: CloudConfig): string[] {
  return [config.publicOrigin, ...config.allowedOrigins];
}
