import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * The third-party BIM service (a Catenda/bimsync-style API v2). The spec names the calls; response
 * shapes are not shown, so these follow that kind of service's public API:
 *  - POST /oauth2/token (form: grant_type=client_credentials, client_id, client_secret; or HTTP Basic)
 *    -> {access_token, token_type: 'bearer', expires_in}
 *  - POST /v2/projects/{p}/viewer3d/token  body {models?: string[]} -> ViewerToken
 *  - POST /v2/projects/{p}/viewer2d/token  body {models?: string[]} -> ViewerToken
 *  - GET  /v2/projects/{p}/models -> BimModel[]
 *  - GET  /v2/projects/{p}/revisions/{r} -> BimRevision
 *  - POST /v2/projects/{p}/ifc/products?GlobalId=<id>[&GlobalId=...] -> IfcProduct[]
 * The viewer token's `url` answers ViewerData (the models and where their IFC files are), readable
 * with the token alone: viewers load it from a URL.
 */

export const oauthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
});
export type OauthTokenResponse = z.infer<typeof oauthTokenResponse>;

export const bimModel = z.object({ id: z.string(), name: z.string(), type: z.string() });
export type BimModel = z.infer<typeof bimModel>;
export const listBimModelsResponse = z.array(bimModel);

export const bimRevision = z.object({
  id: z.string(),
  version: z.number().check(z.int()),
  comment: z.string(),
  model: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  processing: z.enum(['Processing', 'Complete', 'Failed']),
});
export type BimRevision = z.infer<typeof bimRevision>;

export const viewerTokenRequest = z.strictObject({ models: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(100))) });
export type ViewerTokenRequest = z.infer<typeof viewerTokenRequest>;

export const viewerToken = z.object({
  token: z.string(),
  /** Where the viewer loads its data: ViewerData. */
  url: z.string(),
  /** Seconds until the token (and so the url) stops working: 3600. */
  expiresIn: z.number(),
  models: z.array(z.string()),
});
export type ViewerToken = z.infer<typeof viewerToken>;

export const viewerData = z.object({
  kind: z.enum(['viewer3d', 'viewer2d']),
  projectId: z.string(),
  models: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      revisionId: z.string(),
      /** The IFC (STEP) file of the model's latest revision, readable with the same token. */
      ifcUrl: z.string(),
    }),
  ),
});
export type ViewerData = z.infer<typeof viewerData>;

const ifcAttribute = z.object({ type: z.string(), value: z.union([z.string(), z.number(), z.null()]) });
export const ifcProduct = z.object({
  objectId: z.number().check(z.int()),
  ifcType: z.string(),
  model: z.object({ id: z.string(), name: z.string() }),
  revisionId: z.string(),
  attributes: z.object({
    GlobalId: ifcAttribute,
    Name: ifcAttribute,
    Description: ifcAttribute,
    Tag: z.optional(ifcAttribute),
  }),
  /** The storey the product stands on (name), when it has one. */
  storey: z.nullable(z.string()),
});
export type IfcProduct = z.infer<typeof ifcProduct>;
export const ifcProductsResponse = z.array(ifcProduct);
