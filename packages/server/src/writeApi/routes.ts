import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { servicePathPrefix, writableTagName, writeTagBody } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { siteForCaller } from '../controllers/visibleSites.js';
import { parseHistorianTime } from '../historian/historianTime.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';

type TagParams = { Params: { cid: string; tag: string; runId?: string } };

function timestampOf(value: string | number): number {
  if (typeof value === 'number') return value;
  const ms = parseHistorianTime(value);
  if (ms === null) throw new HttpError(400, `timestamp: not a time (ISO 8601 or epoch milliseconds): ${value.slice(0, 40)}`);
  return ms;
}

/**
 * The write API, at /cloud/api: `POST /v1/controllers/{cid}/tags/{tag}` writes a number or a text to a
 * tag of a site the caller may see, and answers with the status only (200, empty body). The same call
 * under `/runs/{runId}` is what a running cloud function reaches (its WRITEAPI_HOST).
 */
export function registerWriteApiRoutes(app: FastifyInstance, ctx: CloudContext): void {
  async function writeTag(request: FastifyRequest<TagParams>, reply: FastifyReply): Promise<void> {
    const { uid } = callerOf(request);
    const { cid, tag, runId } = request.params;
    if (runId !== undefined && !ctx.writeApi.runs.isActiveFor(runId, uid)) {
      throw new HttpError(404, 'No such function run in progress');
    }
    const tagName = parseWith(writableTagName, tag);
    const body = parseWith(writeTagBody, request.body);
    const site = await siteForCaller(ctx, uid, cid);
    await ctx.writeApi.values.write({
      controller: site.uuid,
      tag: tagName,
      ts: timestampOf(body.timestamp),
      ...(body.dataType === 'number' ? { value: body.value } : { valueText: body.valueText }),
      writtenBy: uid,
      ...(runId !== undefined ? { runId } : {}),
    });
    await reply.code(200).send();
  }

  void app.register(
    async (api) => {
      api.post<TagParams>('/v1/controllers/:cid/tags/:tag', writeTag);
      api.post<TagParams>('/runs/:runId/v1/controllers/:cid/tags/:tag', writeTag);
    },
    { prefix: servicePathPrefix('api') },
  );
}
