import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import type { CloudContext } from '../context.js';
import { trustedOrigins } from '../context.js';
import { cloudIdentity } from './cloudIdentity.js';
import { installErrorDetail } from './errorDetail.js';
import { registerInteractionRoutes } from './interactionRoutes.js';
import { OIDC_MOUNT_PATH } from './paths.js';
import { providerConfiguration, type ProviderSetup } from './providerConfiguration.js';
import { registerProviderRoutes } from './providerRoutes.js';
import { acceptPortalOnRequestOrigin } from './requestOrigin.js';
import { pendingSecondFactors } from './secondFactorStore.js';
import { installSessionManagement } from './sessionManagement.js';

/** Builds the provider (not yet mounted). Exposed for tests that bring their own identity. */
export function createOidcProvider(setup: ProviderSetup, log?: FastifyBaseLogger): Provider {
  const provider = new Provider(setup.issuer, providerConfiguration(setup));
  // Behind a TLS proxy the provider must see https and the public host (X-Forwarded-*).
  provider.proxy = true;
  acceptPortalOnRequestOrigin(provider);
  installSessionManagement(provider, setup.cookieKeys[0] ?? setup.issuer);
  installErrorDetail(provider);
  provider.on('server_error', (_ctx, error) => log?.error({ err: error }, 'OpenID Connect provider failed'));
  return provider;
}

/** Mounts a provider and its sign-in pages on a fastify app. */
export function mountOidcProvider(app: FastifyInstance, provider: Provider, setup: ProviderSetup): void {
  registerProviderRoutes(app, provider);
  registerInteractionRoutes(app, {
    provider,
    identity: setup.identity,
    pending: pendingSecondFactors(setup.db),
    portalLogin: `${setup.portalOrigins[0] ?? ''}/login`,
  });
}

/**
 * The cloud's OpenID Connect provider at `${publicOrigin}/cloud/login/v2` (the spec's authority,
 * "login server + /v2"): client `portal`, sign-in pages with the SMS step, silent renew,
 * end-session and session management. Every route is public (see README.md).
 */
export function registerOidcProvider(app: FastifyInstance, ctx: CloudContext): Provider {
  const setup: ProviderSetup = {
    issuer: `${ctx.config.publicOrigin}${OIDC_MOUNT_PATH}`,
    portalOrigins: trustedOrigins(ctx.config),
    signingJwk: ctx.keys.privateJwk,
    cookieKeys: ctx.keys.cookieKeys,
    db: ctx.db,
    identity: cloudIdentity(ctx),
  };
  const provider = createOidcProvider(setup, ctx.log);
  mountOidcProvider(app, provider, setup);
  return provider;
}
