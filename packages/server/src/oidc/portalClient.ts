import type { ClientMetadata, SigningAlgorithmWithNone } from 'oidc-provider';

/** The portal's client id (the spec's default identity-provider client). */
export const PORTAL_CLIENT_ID = 'portal';

/** The portal's callback pages (sign-in and silent sign-in), on every origin it is served from. */
export const PORTAL_CALLBACK_PATHS = ['/login/callback', '/login/silent-callback'] as const;
/** Where the portal may ask to land after signing out. */
export const PORTAL_POST_LOGOUT_PATHS = ['/login', '/logout', '/'] as const;

/** Scopes the provider knows; the portal asks for `openid profile`. */
export const SUPPORTED_SCOPES = ['openid', 'profile', 'email'] as const;

/**
 * The portal as an OpenID Connect client: public (no secret, PKCE S256 enforced by the provider),
 * code flow only, the same callback pages on every origin the portal is served from.
 */
export function portalClientMetadata(origins: readonly string[], idTokenAlg: SigningAlgorithmWithNone): ClientMetadata {
  const unique = [...new Set(origins.map((origin) => origin.replace(/\/+$/, '')))];
  return {
    client_id: PORTAL_CLIENT_ID,
    client_name: 'Varde portal',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    id_token_signed_response_alg: idTokenAlg,
    redirect_uris: unique.flatMap((origin) => PORTAL_CALLBACK_PATHS.map((path) => `${origin}${path}`)),
    post_logout_redirect_uris: unique.flatMap((origin) => PORTAL_POST_LOGOUT_PATHS.map((path) => `${origin}${path}`)),
  };
}
