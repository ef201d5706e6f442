import type { FastifyInstance } from 'fastify';
import { servicePathPrefix, type OauthTokenResponse } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { requireModule } from '../faas/access.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { partnerScopeOf, sees } from '../partners/partnerScope.js';
import { BIM_CLIENT_ID, BIM_TOKEN_TTL_SECONDS, type BimTokens } from './bimTokens.js';

/** Where a signed-in browser gets its BIM access token (under the graph service: users of the BIM tool hold its token). */
export const SESSION_BIM_TOKEN_PATH = '/bim-service/token';

/** The BIM service holds one project, the demo building: Fjordvarme's, like the graph's model nodes of it. */
export const BIM_PROJECT_PARTNER = 'fjordvarme';

/**
 * The BIM viewers' token from the Varde session instead of the BIM client secret in a browser bundle:
 * the cloud holds the secret and issues the BIM service's access token to a user with the `bim` module,
 * as a backend does for a third-party service (the user's Varde token never reaches the BIM service).
 */
export function registerSessionBimToken(app: FastifyInstance, ctx: CloudContext, tokens: BimTokens): void {
  app.post(`${servicePathPrefix('graph')}${SESSION_BIM_TOKEN_PATH}`, async (request): Promise<OauthTokenResponse> => {
    const { uid } = callerOf(request);
    await requireModule(ctx, uid, 'bim', 'the BIM tool');
    // Another partner's users get no token for this project's models.
    if (!sees(await partnerScopeOf(ctx, uid), BIM_PROJECT_PARTNER)) throw new HttpError(404, 'Your partner has no BIM project on this cloud');
    const token = await tokens.issue({ kind: 'access', clientId: BIM_CLIENT_ID });
    return { access_token: token, token_type: 'bearer', expires_in: BIM_TOKEN_TTL_SECONDS };
  });
}
