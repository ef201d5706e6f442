import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { drainRequest } from '../http/drainRequest.js';
import { HttpError } from '../http/HttpError.js';
import { GoogleApiError, googleErrorBody } from './googleErrors.js';
import { type IdTokenIssuer, type RealtimeIdentity, IdTokenError } from './idTokens.js';
import { isValidKey } from './paths.js';
import type { RealtimeTree } from './tree.js';

/** Checks a custom token from the cloud's auth server (GET /customToken) and says whose it is. */
export type CustomTokenVerifier = (token: string) => Promise<RealtimeIdentity>;

export interface RealtimeAuthRoutesOptions {
  issuer: IdTokenIssuer;
  verifyCustomToken: CustomTokenVerifier;
  /** Where `/users/{uid}/name` and `email` are read for accounts:lookup. */
  tree: RealtimeTree;
}

export const SIGN_IN_WITH_CUSTOM_TOKEN_PATH = '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken';
export const LOOKUP_PATH = '/identitytoolkit.googleapis.com/v1/accounts:lookup';
export const TOKEN_PATH = '/securetoken.googleapis.com/v1/token';

/** find-my-way reads `:` as a parameter; `::` is a literal colon. */
const route = (path: string) => path.replaceAll(':', '::');

type Body = Record<string, unknown>;

/**
 * The three endpoints the firebase auth SDK calls in emulator mode (connectAuthEmulator pointed at
 * the cloud's origin) to sign in with a custom token and keep the ID token fresh. Registered in
 * their own plugin scope: its own form parser, error format and CORS, nothing leaking out.
 */
export function registerRealtimeAuthRoutes(app: FastifyInstance, options: RealtimeAuthRoutesOptions): void {
  const { issuer, verifyCustomToken, tree } = options;

  async function session(identity: RealtimeIdentity) {
    return {
      idToken: await issuer.mintIdToken(identity),
      refreshToken: await issuer.mintRefreshToken(identity),
      expiresIn: String(issuer.lifetimeSeconds),
    };
  }

  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
        done(null, Object.fromEntries(new URLSearchParams(text as string)));
      });
    }
    // The SDK may run on another origin (a host page); tokens travel in bodies, never cookies. An
    // app-wide CORS policy, when there is one, has already answered and is left alone.
    scope.addHook('onSend', async (request, reply) => {
      if (reply.hasHeader('access-control-allow-origin')) return;
      reply.header('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'POST, OPTIONS');
        reply.header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'content-type');
        reply.header('access-control-max-age', '600');
      }
    });
    scope.setErrorHandler(async (error: FastifyError | GoogleApiError | HttpError, request, reply) => {
      if (error instanceof GoogleApiError) return sendGoogleError(reply, error.statusCode, error.serverCode, error.detail);
      // The cloud's own refusals before the route (JSON nested too deep, a body over the limit): same code, this shape.
      if (error instanceof HttpError) return sendGoogleError(reply, error.status, 'INVALID_REQUEST', error.detail);
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status === 413) {
        // Read the rest of the refused body, so that the client reads this answer instead of a reset.
        await drainRequest(request.raw);
        reply.removeHeader('connection');
      }
      if (status >= 500) {
        reply.log.error(error);
        return sendGoogleError(reply, 500, 'INTERNAL_ERROR', 'Internal error');
      }
      return sendGoogleError(reply, status, 'INVALID_REQUEST', error.message);
    });

    // No bearer token here: the credential (custom, ID or refresh token) is in the body.
    const open = { config: { public: true } };
    for (const path of [SIGN_IN_WITH_CUSTOM_TOKEN_PATH, LOOKUP_PATH, TOKEN_PATH]) {
      scope.options(route(path), open, async (_request, reply) => reply.code(204).send());
    }

    scope.post(route(SIGN_IN_WITH_CUSTOM_TOKEN_PATH), open, async (request) => {
      const token = requireString(request.body, 'token', 'MISSING_CUSTOM_TOKEN');
      let identity: RealtimeIdentity;
      try {
        identity = await verifyCustomToken(token);
      } catch (error) {
        throw new GoogleApiError(400, 'INVALID_CUSTOM_TOKEN', `The custom token is invalid${reasonOf(error)}`);
      }
      if (!isValidKey(identity.uid)) {
        throw new GoogleApiError(400, 'INVALID_CUSTOM_TOKEN', 'The custom token names a uid the database cannot hold');
      }
      return {
        kind: 'identitytoolkit#VerifyCustomTokenResponse',
        ...(await session(identity)),
        localId: identity.uid,
        isNewUser: false,
      };
    });

    scope.post(route(LOOKUP_PATH), open, async (request) => {
      const idToken = requireString(request.body, 'idToken', 'MISSING_ID_TOKEN');
      const verified = await issuer.verifyIdToken(idToken).catch(rethrowAsGoogleError);
      const record = await tree.get(`/users/${verified.uid}`);
      const stored = record !== null && typeof record === 'object' ? (record as Body) : {};
      return {
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [
          {
            localId: verified.uid,
            ...(typeof stored.name === 'string' && { displayName: stored.name }),
            ...(typeof stored.email === 'string' && { email: stored.email }),
            emailVerified: false,
            providerUserInfo: [],
            customAuth: true,
            lastLoginAt: String(verified.issuedAt),
            createdAt: String(verified.issuedAt),
            lastRefreshAt: new Date(verified.issuedAt).toISOString(),
          },
        ],
      };
    });

    scope.post(route(TOKEN_PATH), open, async (request) => {
      const grantType = requireString(request.body, 'grant_type', 'MISSING_GRANT_TYPE');
      if (grantType !== 'refresh_token') {
        throw new GoogleApiError(400, 'INVALID_GRANT_TYPE', 'grant_type must be refresh_token');
      }
      const refreshToken = requireString(request.body, 'refresh_token', 'MISSING_REFRESH_TOKEN');
      // The presented refresh token is retired; the SDK keeps the one answered here (refresh_token).
      const { identity, refreshToken: next } = await issuer.rotateRefreshToken(refreshToken).catch(rethrowAsGoogleError);
      const idToken = await issuer.mintIdToken(identity);
      return {
        access_token: idToken,
        expires_in: String(issuer.lifetimeSeconds),
        token_type: 'Bearer',
        refresh_token: next,
        id_token: idToken,
        user_id: identity.uid,
        project_id: issuer.projectId,
      };
    });
  });
}

function sendGoogleError(reply: FastifyReply, status: number, code: string, detail: string) {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(googleErrorBody(status, code, detail));
}

function requireString(body: unknown, field: string, missingCode: string): string {
  const value = body !== null && typeof body === 'object' ? (body as Body)[field] : undefined;
  if (typeof value !== 'string' || value === '') {
    throw new GoogleApiError(400, missingCode, `${field} must be a non-empty string`);
  }
  return value;
}

function rethrowAsGoogleError(error: unknown): never {
  if (error instanceof IdTokenError) throw new GoogleApiError(400, error.code, error.message);
  throw error;
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? `: ${error.message}` : '';
}
