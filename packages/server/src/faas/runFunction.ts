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
import { pythonVersion, runPython } from './pythonRunner.js';

/** Where a function on this machine reaches the cloud: the listening socket, not the public origin. */
function localBase(ctx: CloudContext): string {
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? '127.0.0.1' : ctx.config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${ctx.config.port}`;
}

/**
 * Runs a saved function as the caller: fresh tokens of the caller (so it reads and writes only the
 * caller's sites), the service pairs in its environment, WRITEAPI_HOST scoped to this run so the
 * report lists what it wrote. 503 with a clear detail when python3 is missing.
 */
export async function runCloudFunction(
  ctx: CloudContext,
  uid: string,
  fn: CloudFunction,
  body: RunFunctionBody,
): Promise<RunFunctionResponse> {
  const python = await pythonVersion();
  if (!python) throw new HttpError(503, PYTHON_MISSING_DETAIL);

  const { accessTokens } = await mintAccessTokens(ctx, uid);
  const token = (service: TokenServiceName) => accessTokens[serviceHostName(service, ctx.config.domain)] ?? '';
  const base = localBase(ctx);
  const url = (service: TokenServiceName) => `${base}${servicePathPrefix(service)}`;
  const runId = ctx.writeApi.runs.begin(uid);
  try {
    const outcome = await runPython({
      source: fn.source,
      request: body.request ?? {},
      timeoutMs: (body.timeoutSeconds ?? DEFAULT_RUN_TIMEOUT_SECONDS) * 1000,
      env: {
        HISTORIAN_HOST: url('historian'),
        HISTORIAN_TOKEN: token('historian'),
        WRITEAPI_HOST: `${url('api')}/runs/${runId}`,
        WRITEAPI_TOKEN: token('api'),
        MAPPINGSMANAGER_HOST: url('mappings-manager'),
        MAPPINGSMANAGER_TOKEN: token('mappings-manager'),
        CLOUD_META_DATA_HOST: url('controllers-api'),
        CLOUD_META_DATA_TOKEN: token('controllers-api'),
      },
    });
    return { name: fn.name, version: fn.version, python, ...outcome, writes: ctx.writeApi.values.byRun(runId) };
  } finally {
    ctx.writeApi.runs.end(runId);
  }
}
