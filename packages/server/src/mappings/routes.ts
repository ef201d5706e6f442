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
  type TagMapping,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { requireModule } from '../faas/access.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { partnerScopeOf, sees, type PartnerScope } from '../partners/partnerScope.js';
import type { MappingStore } from './mappingStore.js';
import { inTransaction } from '../storage/transaction.js';
import { recordMappingChange } from './mappingAudit.js';
import { checkedParameters } from './parameterRules.js';
import { checkedTagMappings } from './tagMappingRules.js';

type MappingParams = { Params: { mapping: string } };

/** A write that finds the table changed under it is read, checked and tried again this many times in all. */
const WRITE_ATTEMPTS = 3;
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
  const audit = recordMappingChange;
  async function allowed(request: FastifyRequest): Promise<string> {
    const { uid } = callerOf(request);
    await requireModule(ctx, uid, 'apps', 'cloud apps');
    return uid;
  }

  const scopeOf = (request: FastifyRequest): Promise<PartnerScope> => partnerScopeOf(ctx, callerOf(request).uid);

  /** The caller's partner's mapping (a system admin: anyone's); another partner's answers 404 like a missing one. */
  async function mappingFor(uuid: string, request: FastifyRequest): Promise<Mapping> {
    const owner = await store.ownerOf(uuid);
    const mapping = owner !== null && sees(await scopeOf(request), owner) ? await store.mapping(uuid) : null;
    if (!mapping) throw new HttpError(404, `No mapping ${uuid}`);
    return mapping;
  }

  async function tableFor(mapping: Mapping, uuid: string): Promise<MappingTable> {
    const table = await store.table(mapping.uuid, uuid);
    if (!table) throw new HttpError(404, `No mapping table ${uuid} in ${mapping.title}`);
    return table;
  }

  void app.register(
    async (api) => {
      api.get('/v0/mappings', async (request): Promise<Mapping[]> => {
        await allowed(request);
        const scope = await scopeOf(request);
        const shown: Mapping[] = [];
        for (const mapping of await store.mappings()) {
          const owner = await store.ownerOf(mapping.uuid);
          if (owner !== null && sees(scope, owner)) shown.push(mapping);
        }
        return shown;
      });

      api.get<{ Params: { uuid: string } }>('/v0/mappings/:uuid', async (request): Promise<Mapping> => {
        await allowed(request);
        return mappingFor(request.params.uuid, request);
      });

      /** Replaces a mapping's descriptive fields (cause, consequence, level, ratings, cypher_query, ...). */
      api.put<{ Params: { uuid: string } }>('/v0/mappings/:uuid', async (request, reply) => {
        await allowed(request);
        const mapping = await mappingFor(request.params.uuid, request);
        const fields = parseWith(mappingWrite, request.body);
        await inTransaction(ctx.db, async (tx) => {
          await store.updateMapping(mapping.uuid, fields, tx);
          await audit(tx, request, mapping, 'mapping.update', `Updated mapping "${fields.title}"`);
        });
        await sendText(reply, 200, 'updated');
      });

      api.get<MappingParams>('/v0/mapping-tables/:mapping', async (request): Promise<MappingTable[]> => {
        await allowed(request);
        return store.tables((await mappingFor(request.params.mapping, request)).uuid);
      });

      /** Create or replace one table (the body is the row without its uuid). */
      api.post<TableParams>('/v0/mapping-tables/:mapping/:uuid', async (request, reply) => {
        const uid = await allowed(request);
        const mapping = await mappingFor(request.params.mapping, request);
        const uuid = parseWith(mappingTableId, request.params.uuid);
        const body = parseWith(mappingTableWrite, request.body);
        const answer = await untilUnchanged(async () => {
          const current = await store.table(mapping.uuid, uuid);
          const tagMappings = await checkedTagMappings(ctx, uid, mapping, current?.['tag-mappings'] ?? [], body['tag-mappings']);
          const parameters = checkedParameters(mapping, body.parameters);
          return inTransaction(ctx.db, async (tx) => {
            const put = await store.putTable(mapping.uuid, uuid, { ...body, 'tag-mappings': tagMappings, parameters }, current?.['tag-mappings'] ?? null, tx);
            if (put !== 'changed') await audit(tx, request, mapping, `mapping-table.${put === 'created' ? 'create' : 'replace'}`, `${put === 'created' ? 'Created' : 'Replaced'} table "${body.title}" (${uuid}) of mapping "${mapping.title}", ${tagMappings.length} tag mappings`);
            return put;
          });
        });
        await sendText(reply, answer === 'created' ? 201 : 200, answer);
      });

      api.patch<TableParams>('/v0/mapping-tables/:mapping/:uuid', async (request, reply) => {
        const uid = await allowed(request);
        const mapping = await mappingFor(request.params.mapping, request);
        const read = await tableFor(mapping, request.params.uuid);
        const written = parseWith(mappingTablePatch, request.body);
        await untilUnchanged(async (tries) => {
          const table = tries === 1 ? read : await tableFor(mapping, request.params.uuid);
          const patch = { ...written };
          if (written['tag-mappings']) {
            patch['tag-mappings'] = await checkedTagMappings(ctx, uid, mapping, table['tag-mappings'], written['tag-mappings']);
          }
          if (written.parameters) patch.parameters = checkedParameters(mapping, written.parameters);
          return inTransaction(ctx.db, async (tx) => {
            if (!(await store.patchTable(mapping.uuid, table.uuid, patch, patch['tag-mappings'] ? table['tag-mappings'] : undefined, tx))) return 'changed';
            await audit(tx, request, mapping, 'mapping-table.update', `Changed ${Object.keys(written).join(', ')} of table "${table.title}" (${table.uuid}) of mapping "${mapping.title}"`);
            return 'updated';
          });
        });
        await sendText(reply, 200, 'updated');
      });

      api.delete<TableParams>('/v0/mapping-tables/:mapping/:uuid', async (request, reply) => {
        await allowed(request);
        const mapping = await mappingFor(request.params.mapping, request);
        const table = await tableFor(mapping, request.params.uuid);
        await inTransaction(ctx.db, async (tx) => {
          if (!(await store.deleteTable(mapping.uuid, table.uuid, tx))) throw new HttpError(404, `No mapping table ${table.uuid} in ${mapping.title}`);
          await audit(tx, request, mapping, 'mapping-table.delete', `Deleted table "${table.title}" (${table.uuid}) of mapping "${mapping.title}"`);
        });
        await sendText(reply, 200, 'deleted');
      });

      /** One tag mapping of a table (by meaning): `POST /v0/tag-mappings/{mapping}/{table}`. */
      api.post<{ Params: { mapping: string; table: string } }>('/v0/tag-mappings/:mapping/:table', async (request, reply) => {
        const uid = await allowed(request);
        const mapping = await mappingFor(request.params.mapping, request);
        const read = await tableFor(mapping, request.params.table);
        const entry = parseWith(tagMappingWrite, request.body);
        const order = (item: TagMapping) => mapping.meanings.findIndex((m) => m.uuid === item['meaning-uuid']);
        // The table's other entries stay as they are at the moment of the write.
        const answer = await untilUnchanged(async (tries) => {
          const table = tries === 1 ? read : await tableFor(mapping, request.params.table);
          const current = table['tag-mappings'];
          const exists = current.some((item) => item['meaning-uuid'] === entry['meaning-uuid']);
          const others = current.filter((item) => item['meaning-uuid'] !== entry['meaning-uuid']);
          const [checked] = await checkedTagMappings(ctx, uid, mapping, current, [entry]);
          const next = [...others, checked!].sort((a, b) => order(a) - order(b));
          return inTransaction(ctx.db, async (tx) => {
            if (!(await store.patchTable(mapping.uuid, table.uuid, { 'tag-mappings': next }, current, tx))) return 'changed';
            await audit(tx, request, mapping, 'mapping-table.update', `${exists ? 'Changed' : 'Added'} the tag mapping of meaning ${entry['meaning-uuid']} (tag ${entry.tag}) in table "${table.title}" of mapping "${mapping.title}"`);
            return exists ? 'updated' : 'created';
          });
        });
        await sendText(reply, answer === 'created' ? 201 : 200, answer);
      });
    },
    { prefix: servicePathPrefix('mappings-manager') },
  );
}

/** Tries a checked write again (read, check, write) while it finds the table changed since its read. */
async function untilUnchanged<T extends string>(attempt: (tries: number) => Promise<T>): Promise<Exclude<T, 'changed'>> {
  for (let tries = 1; ; tries += 1) {
    const outcome = await attempt(tries);
    if (outcome !== 'changed') return outcome as Exclude<T, 'changed'>;
    if (tries === WRITE_ATTEMPTS) throw new HttpError(409, 'The mapping table was changed by someone else while saving; try again');
  }
}
