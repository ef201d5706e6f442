import {
  DEFAULT_RUN_TIMEOUT_SECONDS,
  PYTHON_MISSING_DETAIL,
  serviceHostName,
  servicePathPrefix,
  type CloudFunction,
  type RunFunctionBody,
  type RunFunctionResponse,
  type TokenServiceName,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { mintAccessTokens } from '../tokens/accessTokens.js';
import { loadOrCreateGatewayTls, type GatewayTls } from './gateway/certificateAuthority.js';
import { openRunGateway, type Dispatch } from './gateway/serviceGateway.js';
import { runPythonUnsandboxed, type PythonOutcome } from './pythonRunner.js';
import { DEFAULT_BWRAP, probeSandbox, type SandboxStatus } from './sandbox/bubblewrap.js';
import { MAX_CONCURRENT_RUNS } from './sandbox/limits.js';
import { runSandboxed } from './sandbox/runSandboxed.js';

/** The env var pairs a function gets, and the service behind each (the vendor's names). */
const SERVICE_VARIABLES: [prefix: string, service: TokenServiceName][] = [
  ['HISTORIAN', 'historian'],
  ['WRITEAPI', 'api'],
  ['MAPPINGSMANAGER', 'mappings-manager'],
  ['CLOUD_META_DATA', 'metadata'],
];

export interface FunctionRunnerOptions {
  /** Run functions without a sandbox when none can be set up (never on a shared machine). */
  unsafeFunctions: boolean;
  /** bubblewrap's path (tests point it at a missing file). */
  bwrap?: string;
}

/** How this cloud runs functions: sandboxed, unsafe (by choice) or not at all. */
export type FunctionMode = { kind: 'sandbox'; python: string } | { kind: 'unsafe'; reason: string } | { kind: 'off'; reason: string };

export interface FunctionRunner {
  mode: FunctionMode;
  /** Runs as the caller: with tokens of the caller's own session (they end with it). */
  run(caller: { uid: string; sid: string }, fn: CloudFunction, body: RunFunctionBody): Promise<RunFunctionResponse>;
}

/** Where the unsafe mode's functions reach the cloud: its listening socket, plain HTTP. */
function localBase(ctx: CloudContext): string {
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? '127.0.0.1' : ctx.config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${ctx.config.port}`;
}

export function sandboxMissingDetail(reason: string): string {
  return `Cloud functions are off on this cloud: they run only in a sandbox, and it cannot be set up here (${reason}). ` +
    'Install bubblewrap (Debian: apt-get install bubblewrap), or start the cloud with --unsafe-functions on a machine only you use.';
}

/**
 * Probes the sandbox once at start and runs functions as their caller: the caller's own fresh tokens
 * (so a function reads and writes only what the caller may), each service as a bare host name it reaches
 * over HTTPS through the run's gateway, writes attributed to the run.
 */
export async function createFunctionRunner(ctx: CloudContext, dispatch: Dispatch, options: FunctionRunnerOptions): Promise<FunctionRunner> {
  const bwrap = options.bwrap ?? DEFAULT_BWRAP;
  const status: SandboxStatus = await probeSandbox(bwrap);
  const mode: FunctionMode = status.available
    ? { kind: 'sandbox', python: status.python }
    : options.unsafeFunctions ? { kind: 'unsafe', reason: status.reason } : { kind: 'off', reason: status.reason };
  const hostOf = (service: TokenServiceName) => serviceHostName(service, ctx.config.domain);
  const hosts = [...new Set(SERVICE_VARIABLES.map(([, service]) => hostOf(service)))];
  const tls: GatewayTls | undefined = mode.kind === 'sandbox' ? await loadOrCreateGatewayTls(ctx.config.storage, hosts, new Date(ctx.clock.now())) : undefined;
  let running = 0;
  let sequence = 0;

  async function execute(caller: { uid: string; sid: string }, fn: CloudFunction, body: RunFunctionBody, runId: string): Promise<PythonOutcome> {
    const { accessTokens } = await mintAccessTokens(ctx, { uid: caller.uid, sid: caller.sid, generation: 0 });
    const timeoutMs = (body.timeoutSeconds ?? DEFAULT_RUN_TIMEOUT_SECONDS) * 1000;
    const request = body.request ?? {};
    const env: Record<string, string> = {};
    for (const [prefix, service] of SERVICE_VARIABLES) env[`${prefix}_TOKEN`] = accessTokens[hostOf(service)] ?? '';
    if (mode.kind === 'unsafe') {
      for (const [prefix, service] of SERVICE_VARIABLES) env[`${prefix}_HOST`] = `${localBase(ctx)}${servicePathPrefix(service)}`;
      env.WRITEAPI_HOST += `/runs/${runId}`;
      return runPythonUnsandboxed({ source: fn.source, request, env, timeoutMs }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new HttpError(503, PYTHON_MISSING_DETAIL) : error;
      });
    }
    for (const [prefix, service] of SERVICE_VARIABLES) env[`${prefix}_HOST`] = hostOf(service);
    const writeHost = hostOf('api');
    return runSandboxed({
      source: fn.source, request, env, hosts, caPem: tls!.caPem, timeoutMs, bwrap, sequence: sequence++,
      openGateway: (socketPath) =>
        openRunGateway({
          socketPath, tls: tls!, hosts: new Set(hosts), dispatch,
          // The write API's run path lists what this run wrote (and refuses once the run has ended).
          rewrite: (host, url) => (host === writeHost && url.startsWith('/v1/') ? `/runs/${runId}${url}` : url),
        }),
    });
  }

  return {
    mode,
    async run(caller, fn, body) {
      if (mode.kind === 'off') throw new HttpError(503, sandboxMissingDetail(mode.reason));
      if (running >= MAX_CONCURRENT_RUNS) {
        throw new HttpError(429, `${MAX_CONCURRENT_RUNS} functions are running on this node already (the limit is per node); try again in a few seconds`, { 'retry-after': '5' });
      }
      running += 1;
      const runId = ctx.writeApi.runs.begin(caller.uid);
      try {
        const outcome = await execute(caller, fn, body, runId);
        const python = mode.kind === 'sandbox' ? mode.python : 'Python 3 (unsandboxed)';
        return { name: fn.name, version: fn.version, python, ...outcome, writes: await ctx.writeApi.values.byRun(runId) };
      } finally {
        running -= 1;
        ctx.writeApi.runs.end(runId);
      }
    },
  };
}
