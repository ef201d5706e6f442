import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { acceptsHtml } from './errorDetail.js';
import type { OidcIdentity } from './identity.js';
import { forgotPasswordPage, messagePage, passwordPage, smsCodePage } from './pages.js';
import { OIDC_MOUNT_PATH, interactionPath } from './paths.js';
import type { PendingSecondFactors } from './secondFactorStore.js';
import { pageStrings, pickLocale, type PageLocale } from './strings.js';
import { RATE_LIMITS, perClient } from '../auth/rateLimits.js';

/** Sign-in forms are tiny; anything bigger is not ours. */
const FORM_BODY_LIMIT = 16 * 1024;

export interface InteractionDeps {
  provider: Provider;
  identity: OidcIdentity;
  pending: PendingSecondFactors;
  /** Where to send someone whose sign-in page expired: the portal's /login starts over. */
  portalLogin: string;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> | undefined }>;

function field(request: UidRequest, name: string): string {
  const value = request.body?.[name];
  return typeof value === 'string' ? value : '';
}

/** An HTML page; a refusal to a client that does not ask for HTML is the cloud's usual `{detail}`. */
function sendPage(reply: FastifyReply, status: number, html: string, detail?: string): FastifyReply {
  if (status >= 400 && !acceptsHtml(reply.request.headers.accept)) {
    return reply.code(status).header('cache-control', 'no-store').send({ detail: detail ?? 'Bad request' });
  }
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // Sign-in pages are never framed (clickjacking); silent renew never shows them.
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "frame-ancestors 'none'")
    .send(html);
}

/**
 * The provider's own sign-in pages: step 1 e-mail and password, step 2 the SMS code for accounts
 * with a second factor. Every post is tied to the interaction: the uid in the URL must be the one
 * in the provider's (signed, path-scoped, SameSite) interaction cookie.
 */
export function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  const { provider, identity, pending } = deps;

  const localeOf = (request: FastifyRequest, interaction?: Interaction): PageLocale =>
    pickLocale(interaction?.params.ui_locales, request.headers['accept-language']);

  /** The interaction the URL names, or undefined when it expired or belongs to another tab. */
  async function loadInteraction(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  function expired(request: UidRequest, reply: FastifyReply): FastifyReply {
    const locale = localeOf(request);
    const t = pageStrings(locale);
    const link = { href: deps.portalLogin, label: t.backToPortal };
    const html = messagePage({ locale, title: t.expiredTitle, text: t.expiredText, link });
    return sendPage(reply, 400, html, t.expiredTitle);
  }

  function showPassword(
    reply: FastifyReply,
    status: number,
    interaction: Interaction,
    locale: PageLocale,
    extra: { email?: string; error?: string } = {},
  ) {
    const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
    const action = `${interactionPath(interaction.uid)}/login`;
    const forgotHref = `${interactionPath(interaction.uid)}/forgot`;
    const html = passwordPage({ locale, action, forgotHref, email: extra.email ?? hint, error: extra.error });
    return sendPage(reply, status, html, extra.error);
  }

  async function showSmsCode(
    reply: FastifyReply,
    status: number,
    interaction: Interaction,
    locale: PageLocale,
    error?: string,
    notice?: string,
  ) {
    const base = interactionPath(interaction.uid);
    const accountUid = await pending.accountFor(interaction.uid);
    const { phoneHint } = accountUid ? await identity.smsCodeStatus(accountUid) : { phoneHint: null };
    const html = smsCodePage({ locale, action: `${base}/sms`, restartAction: `${base}/restart`, resendAction: `${base}/sms/resend`, phoneHint, error, notice });
    return sendPage(reply, status, html, error);
  }

  /**
   * The code step's interaction and the account waiting for its code; otherwise the answer given in
   * its place (the interaction expired, or the code did: back to the password).
   */
  async function smsStep(
    request: UidRequest,
    reply: FastifyReply,
  ): Promise<{ interaction: Interaction; locale: PageLocale; t: ReturnType<typeof pageStrings>; accountUid: string } | { answered: FastifyReply }> {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return { answered: expired(request, reply) };
    const locale = localeOf(request, interaction);
    const t = pageStrings(locale);
    const accountUid = await pending.accountFor(interaction.uid);
    if (!accountUid) return { answered: showPassword(reply, 400, interaction, locale, { error: t.smsExpired }) };
    return { interaction, locale, t, accountUid };
  }

  /** Stores the result on the interaction and sends the browser back to the authorization endpoint. */
  async function finish(request: UidRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.code(303).header('location', returnTo).send();
  }

  /** Consent is never asked of users: the only client is the first-party portal. */
  async function grantConsent(request: UidRequest, reply: FastifyReply, interaction: Interaction) {
    const { accountId } = interaction.session ?? {};
    const clientId = interaction.params.client_id;
    if (!accountId || typeof clientId !== 'string') {
      return finish(request, reply, { error: 'access_denied', error_description: 'no signed-in account' });
    }
    const grant = interaction.grantId
      ? ((await provider.Grant.find(interaction.grantId)) ?? new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } });
  }

  const ttlOf = (interaction: Interaction) => interaction.exp - Math.floor(Date.now() / 1000);
  const base = `${OIDC_MOUNT_PATH}/interaction/:uid`;
  // Public: these pages are how a user without any token signs in.
  const options = { config: { public: true } };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(base, options, async (request: UidRequest, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return expired(request, reply);
      if (interaction.prompt.name === 'consent') return grantConsent(request, reply, interaction);
      const locale = localeOf(request, interaction);
      if (await pending.accountFor(interaction.uid)) return showSmsCode(reply, 200, interaction, locale);
      return showPassword(reply, 200, interaction, locale);
    });

    scope.post(`${base}/login`, { config: { ...options.config, ...perClient(RATE_LIMITS.signIn) } }, async (request: UidRequest, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return expired(request, reply);
      const locale = localeOf(request, interaction);
      const t = pageStrings(locale);
      const email = field(request, 'email').trim();
      const password = field(request, 'password');
      if (!email || !password) return showPassword(reply, 400, interaction, locale, { email, error: t.missingFields });

      const check = await identity.checkPassword(email, password, request.ip);
      if (!check.ok) await identity.recordRefused?.(request, { email }, check.reason === 'throttled' ? 'too many failed attempts' : 'wrong name or password');
      if (!check.ok && check.reason === 'throttled') {
        reply.header('retry-after', String(check.retryAfterSeconds));
        const minutes = Math.max(1, Math.ceil(check.retryAfterSeconds / 60));
        return showPassword(reply, 429, interaction, locale, { email, error: t.throttled(minutes) });
      }
      if (!check.ok) return showPassword(reply, 401, interaction, locale, { email, error: t.wrongCredentials });
      if (!check.smsRequired) return finish(request, reply, { login: { accountId: check.uid, amr: ['pwd'] } });

      await identity.sendSmsCode(check.uid);
      await pending.begin(interaction.uid, check.uid, ttlOf(interaction));
      // Post/redirect/get: a reload of the code page must not post the password again.
      return reply.code(303).header('location', interactionPath(interaction.uid)).send();
    });

    scope.post(`${base}/sms`, { config: { ...options.config, ...perClient(RATE_LIMITS.smsVerification) } }, async (request: UidRequest, reply) => {
      const step = await smsStep(request, reply);
      if ('answered' in step) return step.answered;
      const { interaction, locale, t, accountUid } = step;
      const code = field(request, 'code').replace(/\s+/g, '');
      if (!code) return showSmsCode(reply, 400, interaction, locale, t.missingFields);

      const verdict = await identity.verifySmsCode(accountUid, code);
      if (verdict !== 'ok') await identity.recordRefused?.(request, { uid: accountUid }, verdict === 'wrong' ? 'wrong SMS code' : 'SMS code expired');
      if (verdict === 'wrong') return showSmsCode(reply, 401, interaction, locale, t.wrongSms);
      await pending.clear(interaction.uid);
      if (verdict === 'expired') return showPassword(reply, 400, interaction, locale, { error: t.smsExpired });
      return finish(request, reply, { login: { accountId: accountUid, amr: ['pwd', 'sms'] } });
    });

    // "Send a new code": once the last one is SMS_RESEND_AFTER_MS old; sooner, the page says how long to wait.
    scope.post(`${base}/sms/resend`, { config: { ...options.config, ...perClient(RATE_LIMITS.smsVerification) } }, async (request: UidRequest, reply) => {
      const step = await smsStep(request, reply);
      if ('answered' in step) return step.answered;
      const { interaction, locale, t, accountUid } = step;
      const resend = await identity.resendSmsCode(accountUid);
      if (!resend.sent) return showSmsCode(reply, 429, interaction, locale, t.resendWait(resend.resendInSeconds));
      return showSmsCode(reply, 200, interaction, locale, undefined, t.resent(resend.phoneHint ?? ''));
    });

    /** "Forgot password?": the same request as the portal's (POST /cloud/auth/requestResetPassword, with its limits). */
    scope.get(`${base}/forgot`, options, async (request: UidRequest, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return expired(request, reply);
      const locale = localeOf(request, interaction);
      const path = interactionPath(interaction.uid);
      return sendPage(reply, 200, forgotPasswordPage({ locale, action: `${path}/forgot`, backHref: path }));
    });

    scope.post(`${base}/forgot`, { config: { ...options.config, ...perClient(RATE_LIMITS.resetRequests) } }, async (request: UidRequest, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return expired(request, reply);
      const locale = localeOf(request, interaction);
      const t = pageStrings(locale);
      const path = interactionPath(interaction.uid);
      const email = field(request, 'email').trim();
      const page = (status: number, error: string) => sendPage(reply, status, forgotPasswordPage({ locale, action: `${path}/forgot`, backHref: path, email, error }), error);
      if (!email) return page(400, t.missingFields);
      // Through the auth server's own route, so its per-address limit counts these requests too.
      const answer = await app.inject({ method: 'POST', url: '/cloud/auth/requestResetPassword', payload: { email } });
      if (answer.statusCode === 429) return page(429, t.throttled(Math.max(1, Math.ceil(Number(answer.headers['retry-after'] ?? 60) / 60))));
      if (answer.statusCode !== 200) return page(400, (answer.json() as { detail?: string }).detail ?? t.errorTitle);
      const html = messagePage({ locale, title: t.linkSentTitle, text: t.linkSentText, link: { href: path, label: t.backToSignIn } });
      return sendPage(reply, 200, html);
    });

    scope.post(`${base}/restart`, options, async (request: UidRequest, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return expired(request, reply);
      await pending.clear(interaction.uid);
      return reply.code(303).header('location', interactionPath(interaction.uid)).send();
    });
  });
}
