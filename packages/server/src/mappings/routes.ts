import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  mappingTableId,
  mappingTablePatch,
  mappingTableWrite,
  mappingWrite,
  servicePathPrefix,
  tagMappingWrite,
  type Mapping,
  type MappingTable,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { requireModule } from '../faas/access.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { partnerScopeOf, sees, type PartnerScope } from '../partners/partnerScope.js';
import type { MappingStore } from './mappingStore.js';
import { checkedParameters } from './parameterRules.js';
import { checkedTagMappings } from './tagMappingRules.js';

type MappingParams = { Params: { mapping: string } };
type TableParams = { Params: { mapping: string; uuid: string } };

/** Writes answer plain text, as the real mappings-manager does: created, updated or deleted. */
async function sendText(reply: FastifyReply, status: number, text: 'created' | 'updated' | 'deleted'): Promise<void> {
  await reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/**
 * mappings-manager, at /cloud/mappings-manager: mappings (their fields editable, their meanings fixed) and their mapping tables, for
 * users with the `apps` module. Shapes as in docs/contract.md.
 */
export function registerMappingRoutes(app: FastifyInstance, ctx: CloudContext, store: MappingStore): void {
  function allowed(request: FastifyRequest): string {
    const { uid } = callerOf(request);
    requireModule(ctx, uid, 'apps', 'cloud apps');
    return uid;
  }

  const scopeOf = (request: FastifyRequest): PartnerScope => partnerScopeOf(ctx, callerOf(request).uid);

  /** The caller's partner's mapping (a system admin: anyone's); another partner's answers 404 like a missing one. */
  function mappingFor(uuid: string, request: FastifyRequest): Mapping {
    const owner = store.ownerOf(uuid);
    const mapping = owner !== null && sees(scopeOf(request), owner) ? store.mapping(uuid) : null;
    if (!mapping) throw new HttpError(404, `No mapping ${uuid}`);
    return mapping;
  }

  function tableFor(mapping: Mapping, uuid: string): MappingTable {
    const table = store.table(mapping.uuid, uuid);
    if (!table) throw new HttpError(404, `No mapping table ${uuid} in ${mapping.title}`);
    return table;
  }

  void app.register(
    async (api) => {
      api.get('/v0/mappings', async (request): Promise<Mapping[]> => {
        allowed(request);
        const scope = scopeOf(request);
        return store.mappings().filter((mapping) => sees(scope, store.ownerOf(mapping.uuid)!));
      });

      api.get<{ Params: { uuid: string } }>('/v0/mappings/:uuid', async (request): Promise<Mapping> => {
        allowed(request);
        return mappingFor(request.params.uuid, request);
      });

      /** Replaces a mapping's descriptive fields (cause, consequence, level, ratings, cypher_query, ...). */
      api.put<{ Params: { uuid: string } }>('/v0/mappings/:uuid', async (request, reply) => {
        allowed(request);
        const mapping = mappingFor(request.params.uuid, request);
        store.updateMapping(mapping.uuid, parseWith(mappingWrite, request.body));
        await sendText(reply, 200, 'updated');
      });

      api.get<MappingParams>('/v0/mapping-tables/:mapping', async (request): Promise<MappingTable[]> => {
        allowed(request);
        return store.tables(mappingFor(request.params.mapping, request).uuid);
      });

      /** Create or replace one table (the body is the row without its uuid). */
      api.post<TableParams>('/v0/mapping-tables/:mapping/:uuid', async (request, reply) => {
        const uid = allowed(request);
        const mapping = mappingFor(request.params.mapping, request);
        const uuid = parseWith(mappingTableId, request.params.uuid);
        const body = parseWith(mappingTableWrite, request.body);
        const current = store.table(mapping.uuid, uuid);
        const tagMappings = checkedTagMappings(ctx, uid, mapping, current?.['tag-mappings'] ?? [], body['tag-mappings']);
        const parameters = checkedParameters(mapping, body.parameters);
        const answer = store.putTable(mapping.uuid, uuid, { ...body, 'tag-mappings': tagMappings, parameters });
        await sendText(reply, answer === 'created' ? 201 : 200, answer);
      });

      api.patch<TableParams>('/v0/mapping-tables/:mapping/:uuid', async (request, reply) => {
        const uid = allowed(request);
        const mapping = mappingFor(request.params.mapping, request);
        const table = tableFor(mapping, request.params.uuid);
        const patch = parseWith(mappingTablePatch, request.body);
        if (patch['tag-mappings']) {
          patch['tag-mappings'] = checkedTagMappings(ctx, uid, mapping, table['tag-mappings'], patch['tag-mappings']);
        }
        if (patch.parameters) patch.parameters = checkedParameters(mapping, patch.parameters);
        store.patchTable(mapping.uuid, table.uuid, patch);
        await sendText(reply, 200, 'updated');
      });

      api.delete<TableParams>('/v0/mapping-tables/:mapping/:uuid', async (request, reply) => {
        allowed(request);
        const mapping = mappingFor(request.params.mapping, request);
        tableFor(mapping, request.params.uuid);
        store.deleteTable(mapping.uuid, request.params.uuid);
        await sendText(reply, 200, 'deleted');
      });

      /** One tag mapping of a table (by meaning): `POST /v0/tag-mappings/{mapping}/{table}`. */
      api.post<{ Params: { mapping: string; table: string } }>('/v0/tag-mappings/:mapping/:table', async (request, reply) => {
        const uid = allowed(request);
        const mapping = mappingFor(request.params.mapping, request);
        const table = tableFor(mapping, request.params.table);
        const entry = parseWith(tagMappingWrite, request.body);
        const current = table['tag-mappings'];
        const exists = current.some((item) => item['meaning-uuid'] === entry['meaning-uuid']);
        const others = current.filter((item) => item['meaning-uuid'] !== entry['meaning-uuid']);
        const [checked] = checkedTagMappings(ctx, uid, mapping, current, [entry]);
        store.patchTable(mapping.uuid, table.uuid, {
          'tag-mappings': [...others, checked!].sort(
            (a, b) =>
              mapping.meanings.findIndex((m) => m.uuid === a['meaning-uuid']) -
              mapping.meanings.findIndex((m) => m.uuid === b['meaning-uuid']),
          ),
        });
        await sendText(reply, exists ? 200 : 201, exists ? 'updated' : 'created');
      });
    },
    { prefix: servicePathPrefix('mappings-manager') },
  );
}
