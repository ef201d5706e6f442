import {
  bimRevision,
  ifcProductsResponse,
  listBimModelsResponse,
  oauthTokenResponse,
  viewerToken as viewerTokenSchema,
  type BimModel,
  type BimRevision,
  type IfcProduct,
  type ViewerToken,
} from '../contract/bim.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * How the client gets its BIM access token: with the client credentials (server-side clients only,
 * the secret must never ship to a browser), or `session` from the cloud for the signed-in user
 * (POST graph /bim-service/token with the user's Varde token).
 */
export type BimClientCredentials = { clientId: string; clientSecret: string } | 'session';

/** The Varde route that hands a signed-in user a BIM access token (server bim/sessionBimToken.ts). */
export const SESSION_BIM_TOKEN_PATH = '/bim-service/token';

export interface BimServiceClientOptions {
  /** An HttpClient whose `baseUrlFor('bim')` is the BIM service. Varde's tokens are not used. */
  http: HttpClient;
  credentials: BimClientCredentials;
  projectId: string;
  now?: () => number;
}

/**
 * The third-party BIM service (contract/bim.ts): client-credentials token (kept until 60 s before it
 * runs out, fetched again after a 401), models, revisions, viewer tokens and products by GlobalId.
 * Spec §8: BIM call failures are only logged — that is the caller's choice; these throw HttpError.
 */
export function createBimServiceClient({ http, credentials, projectId, now = () => Date.now() }: BimServiceClientOptions) {
  let cached: { token: string; expiresAt: number } | null = null;
  const project = `/v2/projects/${encodeURIComponent(projectId)}`;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - now() > 60_000) return cached.token;
    const answer = credentials === 'session'
      ? await http.request('graph', SESSION_BIM_TOKEN_PATH, { method: 'POST', schema: oauthTokenResponse })
      : await http.request('bim', '/oauth2/token', {
        method: 'POST',
        auth: false,
        rawBody: new URLSearchParams({ grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        schema: oauthTokenResponse,
      });
    cached = { token: answer.access_token, expiresAt: now() + answer.expires_in * 1000 };
    return cached.token;
  }

  async function call<T>(path: string, options: Parameters<HttpClient['request']>[2] & { schema: NonNullable<Parameters<HttpClient['request']>[2]>['schema'] }): Promise<T> {
    const send = async () => http.request(
      'bim',
      path,
      { ...options, auth: false, headers: { ...options?.headers, authorization: `Bearer ${await accessToken()}` } },
    ) as Promise<T>;
    try {
      return await send();
    } catch (error) {
      if ((error as { status?: number }).status !== 401) throw error;
      cached = null; // the service restarted or revoked it: one fresh token, one retry
      return send();
    }
  }

  return {
    projectId,
    accessToken,
    listModels: (): Promise<BimModel[]> => call(`${project}/models`, { schema: listBimModelsResponse }),
    getRevision: (revisionId: string): Promise<BimRevision> =>
      call(`${project}/revisions/${encodeURIComponent(revisionId)}`, { schema: bimRevision }),
    /** POST viewer3d/token or viewer2d/token, for some models (all when none are given). */
    viewerToken: (kind: 'viewer3d' | 'viewer2d', models?: string[]): Promise<ViewerToken> =>
      call(`${project}/${kind}/token`, { method: 'POST', body: models && models.length > 0 ? { models } : {}, schema: viewerTokenSchema }),
    /** POST ifc/products?GlobalId=...: the product with that GlobalId, or none. */
    productsByGlobalId: (globalId: string): Promise<IfcProduct[]> =>
      call(`${project}/ifc/products`, { method: 'POST', query: { GlobalId: globalId }, schema: ifcProductsResponse }),
  };
}
export type BimServiceClient = ReturnType<typeof createBimServiceClient>;
