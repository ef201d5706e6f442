import type { KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { CHECK_SESSION_PATH, OIDC_MOUNT_PATH } from './paths.js';
import { OIDC_TTL } from './providerConfiguration.js';
import { BROWSER_STATE_COOKIE, browserStateFor, sessionStateFor } from './sessionState.js';

function browserStateCookie(ctx: KoaContextWithOIDC, maxAgeSeconds?: number) {
  return {
    path: OIDC_MOUNT_PATH,
    httpOnly: false,
    sameSite: 'lax' as const,
    signed: false,
    secure: ctx.secure,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds * 1000 } : {}),
  };
}

/**
 * Adds OpenID Connect Session Management to an oidc-provider instance (8 and 9 no longer have it):
 * `session_state` in every successful authorization response, the browser-state cookie the
 * check-session iframe reads, and `check_session_iframe` in the discovery document.
 */
export function installSessionManagement(provider: Provider, secret: string): void {
  // oidc-provider passes the response parameters to this event before it sends them (respond.js);
  // the parameters object is the one that becomes the redirect's query.
  provider.on('authorization.success', (ctx: KoaContextWithOIDC, out?: Record<string, unknown>) => {
    const { session, client, params } = ctx.oidc;
    const redirectUri = params?.redirect_uri;
    if (!out || !session?.accountId || !client || typeof redirectUri !== 'string') return;
    const browserState = browserStateFor(secret, session);
    ctx.cookies.set(BROWSER_STATE_COOKIE, browserState, browserStateCookie(ctx, OIDC_TTL.Session));
    out.session_state = sessionStateFor(client.clientId, new URL(redirectUri).origin, browserState);
  });

  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    ctx.cookies.set(BROWSER_STATE_COOKIE, null, browserStateCookie(ctx));
  });

  provider.use(async (ctx, next) => {
    await next();
    const route = (ctx as Partial<KoaContextWithOIDC>).oidc?.route;
    if (route === 'discovery' && ctx.body && typeof ctx.body === 'object') {
      // Same host as the request, like the provider's own endpoints, so the iframe sees the cookie.
      (ctx.body as Record<string, unknown>).check_session_iframe = new URL(CHECK_SESSION_PATH, ctx.href).href;
    }
  });
}
