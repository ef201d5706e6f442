import { useState, type FormEvent } from 'react';
import { requestResetPassword } from '@varde/core';
import { session } from '../../app/session.js';
import { useResetPasswordTexts } from '../resetPassword/useResetPasswordTexts.js';

type Stage = 'closed' | 'form' | 'sent' | 'failed';

/**
 * "Forgot password?": asks the auth server to e-mail a reset link (POST /requestResetPassword). The
 * answer is the same whether or not the address has an account; a failure says "Noe gikk galt".
 */
export function ForgotPassword() {
  const t = useResetPasswordTexts(['login', 'resetPassword']);
  const [stage, setStage] = useState<Stage>('closed');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy || !email.trim()) return;
    setBusy(true);
    try {
      await requestResetPassword(session.http, email.trim());
      setStage('sent');
    } catch {
      setStage('failed');
    } finally {
      setBusy(false);
    }
  }

  if (stage === 'closed') {
    return (
      <button type="button" className="forgot-password-toggle" onClick={() => setStage('form')}>
        {t('login:forgotPassword')}
      </button>
    );
  }
  if (stage === 'sent') return <p role="status" className="forgot-password-note">{t('login:resetRequestSent')}</p>;

  return (
    <form className="login-form forgot-password" onSubmit={(event) => void send(event)} aria-busy={busy}>
      <h2>{t('login:resetRequestTitle')}</h2>
      <p className="login-form-help">{t('login:resetRequestHelp')}</p>
      <label htmlFor="forgot-password-email">{t('login:email')}</label>
      <input
        id="forgot-password-email"
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      {stage === 'failed' ? (
        <p className="login-form-error" role="alert">
          {t('resetPassword:requestFailed')}
        </p>
      ) : null}
      <div className="login-form-actions">
        <button type="submit" disabled={busy || !email.trim()}>
          {t('login:send')}
        </button>
        <button type="button" className="secondary" onClick={() => setStage('closed')}>
          {t('login:back')}
        </button>
      </div>
    </form>
  );
}
