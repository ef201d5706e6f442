import { useState, type FormEvent } from 'react';
import { loginErrorKey, smsResendErrorKey, type MessageKey, type SmsStep } from '@varde/core';
import type { UserData } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useTexts } from '../../shell/useTexts.js';

/** A masked number never breaks between its country code and its digits. */
const unbroken = (phone: string) => phone.replace(/ /g, '\u00a0');

type Step = { kind: 'credentials' } | ({ kind: 'sms' } & SmsStep);

/**
 * Password + SMS sign-in (core-shell §2 "Login form flow"): step 1 credentials; when the answer says
 * an SMS code is required, step 2 says where it went (the masked number) and asks for it, with "send
 * again" (at most once per 30 s; sooner it says when). Messages come from the catalogue (loginErrorKey).
 * `onSignedIn` runs once the session is signed in.
 */
export function PasswordSmsLoginForm(props: { onSignedIn: (user: UserData) => void; idPrefix?: string }) {
  const t = useTexts('login');
  const id = (name: string) => `${props.idPrefix ?? 'login'}-${name}`;
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const [notice, setNotice] = useState<MessageKey | null>(null);
  const [resending, setResending] = useState(false);

  function showError(reason: unknown, which: 'credentials' | 'sms'): void {
    setError(loginErrorKey(reason, which));
  }

  async function submitCredentials(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy || !username.trim() || !password) return;
    setBusy(true);
    setError(null);
    try {
      const result = await session.signInWithPassword(username.trim(), password);
      if (result.smsRequired) {
        setStep({ kind: 'sms', uid: result.uid, phoneHint: result.phoneHint, resendTicket: result.resendTicket });
        setCode('');
        setNotice(null);
      } else {
        props.onSignedIn(result.user);
      }
    } catch (reason) {
      showError(reason, 'credentials');
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy || step.kind !== 'sms' || !code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      props.onSignedIn(await session.verifySms(step.uid, code.trim()));
    } catch (reason) {
      showError(reason, 'sms');
    } finally {
      setBusy(false);
    }
  }

  async function resendCode(): Promise<void> {
    if (resending || step.kind !== 'sms') return;
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const { phoneHint } = await session.resendSms(step);
      setNotice(phoneHint ? { key: 'smsResent', values: { phone: unbroken(phoneHint) } } : { key: 'smsResentNoHint' });
    } catch (reason) {
      setError(smsResendErrorKey(reason));
    } finally {
      setResending(false);
    }
  }

  const alert = error ? (
    <p className="login-form-error" role="alert">
      {t(error.key, error.values ?? {})}
    </p>
  ) : null;

  if (step.kind === 'sms') {
    return (
      <form className="login-form" onSubmit={(event) => void submitCode(event)} aria-busy={busy} noValidate>
        <h2>{t('smsTitle')}</h2>
        <p className="login-form-help">{step.phoneHint ? t('smsSentTo', { phone: unbroken(step.phoneHint) }) : t('smsHelp')}</p>
        <label htmlFor={id('code')}>{t('smsCode')}</label>
        <input
          id={id('code')}
          autoFocus
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
        />
        {alert}
        {notice ? (
          <p className="login-form-notice" role="status">
            {t(notice.key, notice.values ?? {})}
          </p>
        ) : null}
        <div className="login-form-actions">
          <button type="submit" disabled={busy}>
            {busy ? t('signingIn') : t('verify')}
          </button>
          {step.resendTicket ? (
            <button type="button" className="secondary" disabled={resending} onClick={() => void resendCode()}>
              {resending ? t('smsResending') : t('smsResend')}
            </button>
          ) : null}
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setStep({ kind: 'credentials' });
              setError(null);
              setNotice(null);
            }}
          >
            {t('back')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="login-form" onSubmit={(event) => void submitCredentials(event)} aria-busy={busy} noValidate>
      <h2>{t('title')}</h2>
      <label htmlFor={id('username')}>{t('username')}</label>
      <input
        id={id('username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        required
      />
      <label htmlFor={id('password')}>{t('password')}</label>
      <input
        id={id('password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      {alert}
      <div className="login-form-actions">
        <button type="submit" disabled={busy || !username.trim() || !password}>
          {busy ? t('signingIn') : t('submit')}
        </button>
      </div>
    </form>
  );
}
