import { alertBox, escapeHtml, renderPage } from './html.js';
import { pageStrings, type PageLocale } from './strings.js';

/** The sign-in and sign-out pages of the provider. Every user-supplied value goes through escapeHtml. */

export interface PasswordPageInput {
  locale: PageLocale;
  /** Form target, e.g. /cloud/login/v2/interaction/<uid>/login */
  action: string;
  /** The "Forgot password?" page of this sign-in. */
  forgotHref: string;
  email?: string;
  error?: string;
}

export function passwordPage({ locale, action, forgotHref, email, error }: PasswordPageInput): string {
  const t = pageStrings(locale);
  const focusPassword = Boolean(email);
  return renderPage({
    lang: locale,
    title: t.title,
    body: `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
${alertBox(error)}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="text" inputmode="email" autocomplete="username" autocapitalize="none"
  spellcheck="false" required value="${escapeHtml(email ?? '')}"${focusPassword ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focusPassword ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t.signIn)}</button>
</form>
<p><a href="${escapeHtml(forgotHref)}">${escapeHtml(t.forgotPassword)}</a></p>`,
  });
}

export interface ForgotPageInput {
  locale: PageLocale;
  action: string;
  backHref: string;
  email?: string;
  error?: string;
}

/** "Forgot password?": one field; the answer never says whether the address has an account. */
export function forgotPasswordPage({ locale, action, backHref, email, error }: ForgotPageInput): string {
  const t = pageStrings(locale);
  return renderPage({
    lang: locale,
    title: t.forgotTitle,
    body: `<h1>${escapeHtml(t.forgotTitle)}</h1>
<p>${escapeHtml(t.forgotIntro)}</p>
${alertBox(error)}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(email ?? '')}">
<button type="submit">${escapeHtml(t.sendLink)}</button>
</form>
<p><a href="${escapeHtml(backHref)}">${escapeHtml(t.backToSignIn)}</a></p>`,
  });
}

export interface SmsPageInput {
  locale: PageLocale;
  action: string;
  restartAction: string;
  /** "Send a new code" posts here. */
  resendAction: string;
  /** Where the code went, masked (+47 ••••••67); null: the phone is not known. */
  phoneHint: string | null;
  error?: string;
  /** A new code went out (or must wait): said above the form. */
  notice?: string;
}

export function smsCodePage({ locale, action, restartAction, resendAction, phoneHint, error, notice }: SmsPageInput): string {
  const t = pageStrings(locale);
  const intro = phoneHint ? t.smsSentTo(phoneHint) : t.smsIntro;
  return renderPage({
    lang: locale,
    title: t.smsTitle,
    body: `<h1>${escapeHtml(t.smsTitle)}</h1>
<p>${escapeHtml(intro)}</p>
${notice ? `<p role="status" class="notice">${escapeHtml(notice)}</p>` : ''}
${alertBox(error)}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="code">${escapeHtml(t.smsCode)}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required autofocus>
<button type="submit">${escapeHtml(t.verify)}</button>
</form>
<form method="post" action="${escapeHtml(resendAction)}">
<button type="submit" class="secondary">${escapeHtml(t.resend)}</button>
</form>
<form method="post" action="${escapeHtml(restartAction)}">
<button type="submit" class="secondary">${escapeHtml(t.startOver)}</button>
</form>`,
  });
}

export interface MessagePageInput {
  locale: PageLocale;
  title: string;
  text: string;
  /** Details shown under the text (e.g. an OAuth error description). */
  detail?: string;
  link?: { href: string; label: string };
}

export function messagePage({ locale, title, text, detail, link }: MessagePageInput): string {
  return renderPage({
    lang: locale,
    title,
    body: `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>${detail ? `\n${alertBox(detail)}` : ''}${
      link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  });
}

export interface LogoutPageInput {
  locale: PageLocale;
  /** The provider's confirmation form (carries the xsrf token), id "op.logoutForm". */
  providerForm: string;
  /** Submit without a click: the request carried a valid id_token_hint for the signed-in user. */
  automatic: boolean;
}

export function logoutPage({ locale, providerForm, automatic }: LogoutPageInput): string {
  const t = pageStrings(locale);
  return renderPage({
    lang: locale,
    title: t.logoutTitle,
    body: `<h1>${escapeHtml(automatic ? t.loggingOut : t.logoutQuestion)}</h1>
${providerForm}
<button id="logout-yes" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.logoutYes)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(t.logoutNo)}</button>`,
    // Clicking (not form.submit()) keeps the button's logout=yes in the posted form.
    script: automatic ? `document.getElementById('logout-yes').click();` : undefined,
  });
}
