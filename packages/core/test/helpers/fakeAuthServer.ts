import type { ServerResponse } from 'node:http';
import { sendJson, startTestServer, type RecordedRequest } from './testServer.js';

export const demoUser = {
  uid: 'u-1',
  name: 'Ola Nordmann',
  email: 'ola@example.com',
  role: 'Admin',
  language: 'no',
  controllers: { 'site-1': true },
  adminUsers: {},
  moduleAccesses: { sites: true },
  licensingPartners: {},
  portalAutoLogoutDisabled: false,
  systemAdmin: false,
};

export function signedInBody(generation = 1) {
  return {
    requireSmsValidation: false,
    uid: demoUser.uid,
    token: `custom-${generation}`,
    accessTokens: {
      'auth.localhost': `auth-${generation}`,
      'controllers-api.localhost': `ctrl-${generation}`,
    },
    expiresAt: 1_000_000 + generation,
    user: demoUser,
  };
}

type Route = (req: RecordedRequest, res: ServerResponse) => void;

/**
 * A scripted auth server over real HTTP. Each route answers the contract's happy path unless the
 * test replaces it.
 */
export async function startFakeAuthServer(overrides: Record<string, Route> = {}) {
  let renewals = 1;
  const routes: Record<string, Route> = {
    'POST /cloud/auth/login': (req, res) => {
      const body = JSON.parse(req.body) as { piscadaId?: string; password?: string; idToken?: string };
      if (body.idToken) return sendJson(res, 200, signedInBody());
      if (body.password !== 'right') return sendJson(res, 401, { detail: 'Wrong username or password' }, 'Unauthorized');
      if (body.piscadaId === 'sms@example.com') return sendJson(res, 200, { requireSmsValidation: true, uid: 'u-1' });
      return sendJson(res, 200, signedInBody());
    },
    'POST /cloud/auth/verifySMS': (req, res) => {
      const body = JSON.parse(req.body) as { smsToken: string };
      if (body.smsToken !== '123456') return sendJson(res, 401, { detail: 'Wrong sms token' }, 'Unauthorized');
      return sendJson(res, 200, signedInBody());
    },
    // The cookie names a session unless a test says otherwise (noSession below answers both).
    'GET /cloud/auth/session': (req, res) => sendJson(res, 200, { session: true }),
    'POST /cloud/auth/session/renew': (req, res) => {
      renewals += 1;
      sendJson(res, 200, {
        accessTokens: { 'auth.localhost': `auth-${renewals}`, 'controllers-api.localhost': `ctrl-${renewals}` },
        expiresAt: 1_000_000 + renewals,
      });
    },
    'POST /cloud/auth/session/userinfo': (req, res) => sendJson(res, 200, { user: { ...demoUser, name: 'Kari' } }),
    'POST /cloud/auth/session/logout': (req, res) => sendJson(res, 200, { ok: true }),
    ...overrides,
  };
  const server = await startTestServer((req, res) => {
    const route = routes[`${req.method} ${req.url.split('?')[0]}`];
    if (route) route(req, res);
    else sendJson(res, 404, { detail: 'Not found' }, 'Not Found');
  });
  return {
    ...server,
    routes,
    calls: () => server.requests.map((r) => `${r.method} ${r.url}`),
  };
}

/** POST /session/renew without a (valid) session cookie. */
export const noSession: Route = (req, res) => sendJson(res, 401, { detail: 'No session' }, 'Unauthorized');
