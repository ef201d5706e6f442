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
import { inTransaction } from '../storage/transaction.js';
import { recordFunctionChange } from './functionAudit.js';
import { partnerScopeOf, type PartnerScope } from '../partners/partnerScope.js';
import { requireModule } from './access.js';
import type { FunctionStore } from './functionStore.js';
import type { FunctionRunner } from './runFunction.js';

type NameParams = { Params: { name: string } };

/**
 * faas-manager, at /cloud/faas-manager: cloud functions for users with the `functions` module.
 * Names are validated on every route (400 with the rule); an unknown name is 404.
 */
export function registerFaasRoutes(app: FastifyInstance, ctx: CloudContext, store: FunctionStore, runner: FunctionRunner): void {
  /** The caller (module checked) and the partner scope their functions live in. */
  async function allowed(request: FastifyRequest): Promise<{ uid: string; scope: PartnerScope }> {
    const { uid } = callerOf(request);
    await requireModule(ctx, uid, 'functions', 'cloud functions');
    return { uid, scope: await partnerScopeOf(ctx, uid) };
  }

  /** Another partner's function answers 404, exactly like one that does not exist. */
  async function existing(scope: PartnerScope, name: string) {
    const fn = await store.get(scope, parseWith(functionName, name));
    if (!fn) throw new HttpError(404, `No function named ${name}`);
    return fn;
  }

  const withoutOwner = ({ partner: _partner, ...fn }: CloudFunction & { partner: string }): CloudFunction => fn;

  void app.register(
    async (api) => {
      api.get('/v0/functions', async (request): Promise<FunctionSummary[]> => store.list((await allowed(request)).scope));

      api.get<NameParams>('/v0/functions/:name', async (request): Promise<CloudFunction> =>
        withoutOwner(await existing((await allowed(request)).scope, request.params.name)),
      );

      api.delete<NameParams>('/v0/functions/:name', async (request, reply) => {
        const fn = await existing((await allowed(request)).scope, request.params.name);
        await inTransaction(ctx.db, async (tx) => {
          if (await store.remove(fn.partner, fn.name, tx)) await recordFunctionChange(tx, request, { action: 'function.delete', partner: fn.partner, name: fn.name, summary: `Deleted function ${fn.name}` });
        });
        await reply.code(204).send();
      });

      /** Create or replace; the answer is the saved function with its new version. */
      api.post<NameParams>('/v0/functions/:name', async (request, reply): Promise<CloudFunction> => {
        const { uid, scope } = await allowed(request);
        const name = parseWith(functionName, request.params.name);
        const query = parseWith(saveFunctionQuery, request.query ?? {});
        const body = parseWith(saveFunctionBody, request.body);
        const hosts = {
          ...(query.historianHost ? { historian: query.historianHost } : {}),
          ...(query.writeApiHost ? { writeApi: query.writeApiHost } : {}),
          ...(query.mappingsManagerHost ? { mappingsManager: query.mappingsManagerHost } : {}),
        };
        // A system admin saving another partner's function keeps it that partner's.
        const partner = (await store.get(scope, name))?.partner ?? scope.partner;
        const saved = await inTransaction(ctx.db, async (tx) => {
          const deployed = await store.save(partner, name, body, hosts, uid, tx);
          await recordFunctionChange(tx, request, { action: 'function.deploy', partner, name, summary: `Deployed function ${name}, version ${deployed.version}` });
          return deployed;
        });
        reply.code(saved.version === 1 ? 201 : 200);
        return withoutOwner(saved);
      });

      api.post<NameParams>('/v0/functions/:name/run', async (request): Promise<RunFunctionResponse> => {
        const { scope } = await allowed(request);
        const fn = await existing(scope, request.params.name);
        const body = parseWith(runFunctionBody, request.body ?? {});
        // Recorded before it starts: a run changes what its code writes, which no transaction holds back.
        await inTransaction(ctx.db, (tx) => recordFunctionChange(tx, request, { action: 'function.run', partner: fn.partner, name: fn.name, summary: `Ran function ${fn.name}, version ${fn.version}` }));
        // The run carries the caller's own tokens, never the owner's.
        return runner.run(callerOf(request), withoutOwner(fn), body);
      });
    },
    { prefix: servicePathPrefix('faas-manager') },
  );
}
