import type { FastifyInstance } from 'fastify';
import { SEARCH_RESULT_LIMIT, searchTagsQuery, servicePathPrefix, type SearchTagsResponse } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { visibleSiteScope } from '../controllers/visibleSites.js';
import { callerOf } from '../http/caller.js';
import { parseWith } from '../http/parseWith.js';
import { searchSiteTags } from './siteTags.js';

/** The search service's REST form (CLI, scripts): GET /cloud/search/tags?q=&limit=. */
export function registerSearchRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (api) => {
      api.get('/tags', async (request): Promise<SearchTagsResponse> => {
        const query = parseWith(searchTagsQuery, request.query ?? {});
        const sites = await visibleSiteScope(ctx, callerOf(request));
        return { data: await searchSiteTags(ctx.db, sites, query.q, query.limit ?? SEARCH_RESULT_LIMIT) };
      });
    },
    { prefix: servicePathPrefix('search') },
  );
}
