import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  functionName,
  runFunctionBody,
  saveFunctionBody,
  saveFunctionQuery,
  servicePathPrefix,
  type CloudFunction,
  type FunctionSummary,
  type RunFunctionResponse,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { requireModule } from './access.js';
import type { FunctionStore } from './functionStore.js';
import type { FunctionRunner } from './runFunction.js';

type NameParams = { Params: { name: string } };

/**
 * faas-manager, at /cloud/faas-manager: cloud functions for users with the `functions` module.
 * Names are validated on every route (400 with the rule); an unknown name is 404.
 */
export function registerFaasRoutes(app: FastifyInstance, ctx: CloudContext, store: FunctionStore, runner: FunctionRunner): void {
  function allowed(request: FastifyRequest): string {
    const { uid } = callerOf(request);
    requireModule(ctx, uid, 'functions', 'cloud functions');
    return uid;
  }

  function existing(name: string): CloudFunction {
    const fn = store.get(parseWith(functionName, name));
    if (!fn) throw new HttpError(404, `No function named ${name}`);
    return fn;
  }

  void app.register(
    async (api) => {
      api.get('/v0/functions', async (request): Promise<FunctionSummary[]> => {
        allowed(request);
        return store.list();
      });

      api.get<NameParams>('/v0/functions/:name', async (request): Promise<CloudFunction> => {
        allowed(request);
        return existing(request.params.name);
      });

      api.delete<NameParams>('/v0/functions/:name', async (request, reply) => {
        allowed(request);
        existing(request.params.name);
        store.remove(request.params.name);
        await reply.code(204).send();
      });

      /** Create or replace; the answer is the saved function with its new version. */
      api.post<NameParams>('/v0/functions/:name', async (request, reply): Promise<CloudFunction> => {
        const uid = allowed(request);
        const name = parseWith(functionName, request.params.name);
        const query = parseWith(saveFunctionQuery, request.query ?? {});
        const body = parseWith(saveFunctionBody, request.body);
        const hosts = {
          ...(query.historianHost ? { historian: query.historianHost } : {}),
          ...(query.writeApiHost ? { writeApi: query.writeApiHost } : {}),
          ...(query.mappingsManagerHost ? { mappingsManager: query.mappingsManagerHost } : {}),
        };
        const saved = store.save(name, body, hosts, uid);
        reply.code(saved.version === 1 ? 201 : 200);
        return saved;
      });

      api.post<NameParams>('/v0/functions/:name/run', async (request): Promise<RunFunctionResponse> => {
        const uid = allowed(request);
        const fn = existing(request.params.name);
        const body = parseWith(runFunctionBody, request.body ?? {});
        return runner.run(uid, fn, body);
      });
    },
    { prefix: servicePathPrefix('faas-manager') },
  );
}
