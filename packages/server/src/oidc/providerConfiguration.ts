import type { JWK } from 'jose';
import type { Configuration, KoaContextWithOIDC, SigningAlgorithmWithNone } from 'oidc-provider';
import type { Db } from '../storage/db.js';
import { wantsPage } from './errorDetail.js';
import type { OidcIdentity } from './identity.js';
import { logoutPage, messagePage } from './pages.js';
import { interactionPath } from './paths.js';
import { PORTAL_CLIENT_ID, SUPPORTED_SCOPES, portalClientMetadata } from './portalClient.js';
import { oidcModelAdapterFactory } from './oidcModelAdapter.js';
import { currentRequestOrigin } from './requestOrigin.js';
import { pageStrings, pickLocale, refusalText, type PageLocale } from './strings.js';

/** Everything the provider's configuration is made from. */
export interface ProviderSetup {
  /** `${publicOrigin}/cloud/login/v2` */
  issuer: string;
  /** The cloud's public origin followed by config.allowedOrigins: where the portal may run. */
  portalOrigins: readonly string[];
  /** Private signing key with kid (and alg); it signs the ID tokens. */
  signingJwk: JWK;
  cookieKeys: string[];
  db: Db;
  identity: OidcIdentity;
}

/** Lifetimes in seconds. Sessions are long (persisted, survive restarts); codes are one-shot. */
export const OIDC_TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 30 * 60,
  Grant: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
} as const;

function localeOf(ctx: KoaContextWithOIDC): PageLocale {
  return pickLocale(ctx.oidc?.params?.ui_locales, ctx.get('accept-language'));
}

/** First-party portal: every supported scope is granted without a consent screen. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, session } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
  if (client.clientId !== PORTAL_CLIENT_ID) return existing;
  if (existing && existing.accountId === session.accountId) return existing;
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SUPPORTED_SCOPES.join(' '));
  await grant.save();
  return grant;
}

/** The portal's sign-in page on the address the user came by (the cloud serves the portal there too). */
function portalLoginOf(setup: ProviderSetup): string {
  return `${currentRequestOrigin() ?? setup.portalOrigins[0] ?? ''}/login`;
}

export function providerConfiguration(setup: ProviderSetup): Configuration {
  const trustedOrigins = new Set(setup.portalOrigins);
  const idTokenAlg = (setup.signingJwk.alg ?? 'RS256') as SigningAlgorithmWithNone;

  return {
    adapter: oidcModelAdapterFactory(setup.db),
    clients: [portalClientMetadata(setup.portalOrigins, idTokenAlg)],
    jwks: { keys: [{ use: 'sig', ...setup.signingJwk } as never] },
    cookies: {
      // Prefixed: the auth server sets cookies of its own on the same origin.
      names: { session: 'varde_op_session', interaction: 'varde_op_interaction', resume: 'varde_op_resume' },
      keys: setup.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: [...SUPPORTED_SCOPES],
    // amr says whether the SMS step was part of the sign-in (['pwd'] or ['pwd', 'sms']).
    claims: { openid: ['sub', 'amr'], profile: ['name'], email: ['email'] },
    // The ID token itself carries name (and email when asked): the portal and the auth server read it.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // S256 only (oidc-provider 8 could also be told to accept 'plain'); required for every request.
    pkce: { methods: ['S256'], required: () => true },
    ttl: { ...OIDC_TTL },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const hint = ctx.oidc.entities.IdTokenHint;
          const accountId = ctx.oidc.session?.accountId;
          // The provider has verified the hint's signature and audience; it must name this session's user.
          const automatic = Boolean(hint && accountId && hint.payload.sub === accountId);
          ctx.type = 'html';
          ctx.set('cache-control', 'no-store');
          ctx.body = logoutPage({ locale: localeOf(ctx), providerForm: form, automatic });
        },
        async postLogoutSuccessSource(ctx) {
          const t = pageStrings(localeOf(ctx));
          ctx.type = 'html';
          ctx.body = messagePage({
            locale: localeOf(ctx),
            title: t.loggedOutTitle,
            text: t.loggedOutText,
            link: { href: portalLoginOf(setup), label: t.backToPortal },
          });
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    async findAccount(_ctx, sub) {
      const account = await setup.identity.findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.uid,
        claims: () => ({ sub: account.uid, name: account.name, email: account.email }),
      };
    },
    loadExistingGrant,
    // The configured origins, and the portal on the address this request came by (a same-origin call).
    clientBasedCORS: (ctx, origin) => trustedOrigins.has(origin) || origin === ctx.origin,
    renderError(ctx, out) {
      if (!wantsPage(ctx.get('accept'), ctx.get('sec-fetch-mode'))) {
        ctx.body = { ...out, detail: out.error_description ?? out.error };
        return;
      }
      const locale = localeOf(ctx);
      const t = pageStrings(locale);
      ctx.type = 'html';
      // A refusal in the user's language; the protocol's own (English) words stay out of the page, its code is shown.
      ctx.body = messagePage({
        locale,
        title: t.errorTitle,
        text: refusalText(locale, out.error),
        detail: `${t.errorCode}: ${out.error}`,
        link: { href: portalLoginOf(setup), label: t.backToPortal },
      });
    },
  };
}
