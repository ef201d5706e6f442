import { useState, type FormEvent } from 'react';
import { loginErrorKey, type MessageKey } from '@varde/core';
import type { UserData } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useTexts } from '../../shell/useTexts.js';

type Step = { kind: 'credentials' } | { kind: 'sms'; uid: string };

/**
 * Password + SMS sign-in (core-shell §2 "Login form flow"): step 1 credentials; when the answer says
 * an SMS code is required, step 2 asks for it. Messages come from the catalogue (loginErrorKey).
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
        setStep({ kind: 'sms', uid: result.uid });
        setCode('');
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

  const alert = error ? (
    <p className="login-form-error" role="alert">
      {t(error.key, error.values ?? {})}
    </p>
  ) : null;

  if (step.kind === 'sms') {
    return (
      <form className="login-form" onSubmit={(event) => void submitCode(event)} aria-busy={busy} noValidate>
        <h2>{t('smsTitle')}</h2>
        <p className="login-form-help">{t('smsHelp')}</p>
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
        <div className="login-form-actions">
          <button type="submit" disabled={busy}>
            {busy ? t('signingIn') : t('verify')}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setStep({ kind: 'credentials' });
              setError(null);
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
