import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { servicePathPrefix, tagsQuery, type MetadataTag } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { siteForCaller, visibleSites } from '../controllers/visibleSites.js';
import { callerOf } from '../http/caller.js';
import { parseWith } from '../http/parseWith.js';

/** A tag's uuid, derived from its controller and name (name-based, RFC 4122 version 5 layout). */
export function tagUuid(controller: string, name: string): string {
  const hex = createHash('sha1').update(`tag:${controller.toLowerCase()}:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The metadata service at /cloud/metadata (and metadata.<domain>): the controllers the caller may see,
 * and the tags of one of them (404 unknown, 403 someone else's), found by name or by uuid.
 */
export function registerMetadataRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (api) => {
      // The controllers a function may work on (the template lists them when no controller is given).
      api.get('/controllers', async (request) => ({
        data: (await visibleSites(ctx, callerOf(request))).map((site) => ({ uuid: site.uuid, name: site.name, hostname: site.hostname })),
      }));

      api.get('/v0/tags', async (request): Promise<MetadataTag[]> => {
        const query = parseWith(tagsQuery, request.query ?? {});
        const site = await siteForCaller(ctx, callerOf(request), query['controller-uuid']);
        const names = await ctx.db.selectFrom('site_tags').select('name').where('site_uuid', '=', site.uuid).orderBy('name').execute();
        const tags = (names as { name: string }[]).map(({ name }) => ({
          name,
          uuid: tagUuid(site.uuid, name),
          path: `${site.name}/${name}`,
        }));
        return tags.filter(
          (tag) => (query.name === undefined || tag.name === query.name) && (query.uuid === undefined || tag.uuid === query.uuid.toLowerCase()),
        );
      });
    },
    { prefix: servicePathPrefix('metadata') },
  );
}
