import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  servicePathPrefix,
  viewerTokenRequest,
  type IfcProduct,
  type OauthTokenResponse,
  type ViewerData,
  type ViewerToken,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { HttpError, invalidTokenError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { createDemoBimProject, type BimProject, type ProjectModel } from './bimProject.js';
import { BIM_TOKEN_TTL_SECONDS, bimClientSecret, createBimTokens, type BimGrant, type BimTokens } from './bimTokens.js';

type ProjectParams = { Params: { project: string } };
type RevisionParams = { Params: { project: string; revision: string } };
type ViewerKind = 'viewer3d' | 'viewer2d';

const tokenForm = z.object({
  grant_type: z.literal('client_credentials', { error: 'grant_type must be client_credentials' }),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
});
const productsQuery = z.object({
  GlobalId: z.union(
    [z.string().check(z.minLength(1)), z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(1000))],
    { error: 'GlobalId is required' },
  ),
});

function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1) or the form. */
function clientCredentials(request: FastifyRequest, form: z.infer<typeof tokenForm>): { id: string; secret: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new HttpError(400, 'Malformed Basic credentials');
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  }
  if (!form.client_id || !form.client_secret) throw new HttpError(400, 'client_id and client_secret are required');
  return { id: form.client_id, secret: form.client_secret };
}

/**
 * The third-party BIM service (reference implementation of its API v2) at /cloud/bim. Its routes are
 * public to Varde's bearer hook because the service checks its own OAuth tokens: an access token from
 * POST /oauth2/token for the API, a viewer token (query `token`) for what viewers load by URL.
 */
export function registerBimRoutes(app: FastifyInstance, ctx: CloudContext): BimTokens {
  const tokens = createBimTokens(ctx.db, ctx.clock, bimClientSecret(ctx.config.bimClientSecret, ctx.keys));
  const projects = new Map<string, BimProject>();
  const demo = createDemoBimProject();
  projects.set(demo.id, demo);
  const base = `${ctx.config.publicOrigin}${servicePathPrefix('bim')}`;

  async function requireAccess(request: FastifyRequest): Promise<void> {
    const grant = await tokens.grantOf(bearerOf(request));
    if (grant?.kind !== 'access') throw invalidTokenError('A valid BIM access token is required');
  }

  function projectFor(id: string): BimProject {
    const project = projects.get(id);
    if (!project) throw new HttpError(404, `No project ${id}`);
    return project;
  }

  /** A viewer token (query) or an access token (bearer) that covers this project's model. */
  async function requireViewerOrAccess(request: FastifyRequest, project: BimProject, model?: ProjectModel): Promise<BimGrant> {
    const query = request.query as { token?: unknown };
    const viewer = typeof query.token === 'string' ? await tokens.grantOf(query.token) : undefined;
    if (viewer && viewer.kind !== 'access' && viewer.projectId === project.id) {
      if (!model || viewer.models.includes(model.model.id)) return viewer;
      throw new HttpError(403, 'The viewer token does not cover this model');
    }
    const access = await tokens.grantOf(bearerOf(request));
    if (access?.kind === 'access') return access;
    throw invalidTokenError('A valid viewer token or BIM access token is required');
  }

  async function viewerToken(kind: ViewerKind, project: BimProject, body: unknown): Promise<ViewerToken> {
    const request = parseWith(viewerTokenRequest, body ?? {});
    const known = new Set(project.models.map((entry) => entry.model.id));
    const unknown = (request.models ?? []).filter((id) => !known.has(id));
    if (unknown.length > 0) throw new HttpError(400, `Unknown model(s): ${unknown.join(', ')}`);
    const models = request.models && request.models.length > 0 ? [...new Set(request.models)] : [...known];
    const token = await tokens.issue({ kind, projectId: project.id, models });
    const url = `${base}/v2/projects/${project.id}/${kind}/data?token=${encodeURIComponent(token)}`;
    return { token, url, expiresIn: BIM_TOKEN_TTL_SECONDS, models };
  }

  void app.register(
    async (api) => {
      if (!api.hasContentTypeParser('application/x-www-form-urlencoded')) {
        api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
          done(null, Object.fromEntries(new URLSearchParams(text as string)));
        });
      }

      // Public: the client authenticates with its credentials here; this is where tokens come from.
      api.post('/oauth2/token', { config: { public: true } }, async (request): Promise<OauthTokenResponse> => {
        const form = parseWith(tokenForm, request.body ?? {});
        const client = clientCredentials(request, form);
        if (!tokens.checkClient(client.id, client.secret)) throw new HttpError(401, 'invalid_client: unknown client or wrong secret');
        const token = await tokens.issue({ kind: 'access', clientId: client.id });
        return { access_token: token, token_type: 'bearer', expires_in: BIM_TOKEN_TTL_SECONDS };
      });

      for (const kind of ['viewer3d', 'viewer2d'] as const) {
        // Public to Varde's hook: the BIM access token is checked here.
        api.post<ProjectParams>(`/v2/projects/:project/${kind}/token`, { config: { public: true } }, async (request) => {
          await requireAccess(request);
          return viewerToken(kind, projectFor(request.params.project), request.body);
        });

        // Public: a viewer loads this by URL with the viewer token in the query.
        api.get<ProjectParams>(`/v2/projects/:project/${kind}/data`, { config: { public: true } }, async (request): Promise<ViewerData> => {
          const project = projectFor(request.params.project);
          const grant = await requireViewerOrAccess(request, project);
          const token = (request.query as { token?: string }).token ?? '';
          const allowed = grant.kind === 'access' ? null : new Set(grant.models);
          return {
            kind,
            projectId: project.id,
            models: project.models
              .filter((entry) => !allowed || allowed.has(entry.model.id))
              .map((entry) => ({
                id: entry.model.id,
                name: entry.model.name,
                revisionId: entry.revision.id,
                ifcUrl: `${base}/v2/projects/${project.id}/revisions/${entry.revision.id}/ifc?token=${encodeURIComponent(token)}`,
              })),
          };
        });
      }

      // Public to Varde's hook: the BIM access token is checked here.
      api.get<ProjectParams>('/v2/projects/:project/models', { config: { public: true } }, async (request) => {
        await requireAccess(request);
        return projectFor(request.params.project).models.map((entry) => entry.model);
      });

      // Public to Varde's hook: the BIM access token is checked here.
      api.get<RevisionParams>('/v2/projects/:project/revisions/:revision', { config: { public: true } }, async (request) => {
        await requireAccess(request);
        const project = projectFor(request.params.project);
        const entry = project.models.find((candidate) => candidate.revision.id === request.params.revision);
        if (!entry) throw new HttpError(404, `No revision ${request.params.revision}`);
        return entry.revision;
      });

      // Public: the local viewer downloads the IFC file with its viewer token in the query.
      api.get<RevisionParams>('/v2/projects/:project/revisions/:revision/ifc', { config: { public: true } }, async (request, reply) => {
        const project = projectFor(request.params.project);
        const entry = project.models.find((candidate) => candidate.revision.id === request.params.revision);
        if (!entry) throw new HttpError(404, `No revision ${request.params.revision}`);
        await requireViewerOrAccess(request, project, entry);
        return reply.type('application/x-step').header('cache-control', 'private, max-age=3600').send(entry.ifc);
      });

      // Public to Varde's hook: the BIM access token is checked here.
      api.post<ProjectParams>('/v2/projects/:project/ifc/products', { config: { public: true } }, async (request): Promise<IfcProduct[]> => {
        await requireAccess(request);
        const project = projectFor(request.params.project);
        const { GlobalId } = parseWith(productsQuery, request.query);
        const ids = Array.isArray(GlobalId) ? GlobalId : [GlobalId];
        return ids.map((id) => project.products.get(id.trim())).filter((product): product is IfcProduct => product !== undefined);
      });
    },
    { prefix: servicePathPrefix('bim') },
  );
  return tokens;
}
