import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { parseResetPasswordHash, resetLinkProblem, resetPassword, type ResetLinkProblem } from '@varde/core';
import { navigate, useLocation } from '../../app/router.js';
import { session } from '../../app/session.js';
import { useResetPasswordTexts } from './useResetPasswordTexts.js';
import { newPasswordProblem, repeatPasswordProblem, type PasswordProblem } from './passwordRules.js';
import resetPasswordCss from './resetPassword.css?raw';
import { adoptStyles } from '../adoptStyles.js';

// This page's styles arrive with its chunk, not in the first paint (see adoptStyles).
adoptStyles(resetPasswordCss);

/** Stages as the spec names them (core-shell §4). */
type Stage = 'PASSWORD_FORM' | 'PASSWORD_RESET_SUCCESS' | 'PASSWORD_RESET_FAILED';

/**
 * /reset-password#uuid=…&ticket=… (the e-mailed link). Without both it logs out. The form checks
 * the new password (required, at least 8 characters) and its repeat (required, equal); Enter in the
 * first field validates it and moves on, Enter in the second submits. 200 -> success, anything else
 * (or a thrown error) -> failed.
 */
export function ResetPasswordPage() {
  const t = useResetPasswordTexts();
  const { hash } = useLocation();
  // URLSearchParams URL-decodes the ticket (the link carries it encoded).
  const link = useMemo(() => parseResetPasswordHash(hash), [hash]);
  const [stage, setStage] = useState<Stage>('PASSWORD_FORM');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordError, setPasswordError] = useState<PasswordProblem | null>(null);
  const [repeatError, setRepeatError] = useState<PasswordProblem | null>(null);
  const [failure, setFailure] = useState<ResetLinkProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const repeatInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!link) navigate('/logout', { replace: true });
  }, [link]);
  if (!link) return null;

  function onPasswordKey(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const problem = newPasswordProblem(password);
    setPasswordError(problem);
    if (!problem) repeatInput.current?.focus();
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const first = newPasswordProblem(password);
    const second = repeatPasswordProblem(password, repeat);
    setPasswordError(first);
    setRepeatError(second);
    if (first || second || busy || !link) return;
    setBusy(true);
    try {
      await resetPassword(session.http, { uuid: link.uuid, ticket: link.ticket, password });
      setStage('PASSWORD_RESET_SUCCESS');
    } catch (reason) {
      // Why (used, expired or unknown link) in the page's language, not the server's English; other failures keep the catalogue text alone.
      setFailure(resetLinkProblem(reason));
      setStage('PASSWORD_RESET_FAILED');
    } finally {
      setBusy(false);
    }
  }

  if (stage === 'PASSWORD_RESET_SUCCESS') {
    return (
      <main className="reset-password" data-stage={stage}>
        <div className="reset-password-card" role="status">
          <h1>{t('title')}</h1>
          <p className="reset-password-success">{t('success')}</p>
          <button type="button" onClick={() => navigate('/login')}>
            {t('goToLogin')}
          </button>
        </div>
      </main>
    );
  }

  if (stage === 'PASSWORD_RESET_FAILED') {
    return (
      <main className="reset-password" data-stage={stage}>
        <div className="reset-password-card">
          <h1>{t('title')}</h1>
          <p className="reset-password-failed" role="alert">
            {t('failedToUpdatePassword')}
          </p>
          {failure ? <p className="reset-password-reason">{t(failure)}</p> : null}
          <button type="button" onClick={() => navigate('/login')}>
            {t('goToLogin')}
          </button>
        </div>
      </main>
    );
  }

  return (
    <main className="reset-password" data-stage={stage}>
      <form className="reset-password-card" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <h1>{t('title')}</h1>
        <label htmlFor="reset-password-new">{t('newPassword')}</label>
        <input
          id="reset-password-new"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'reset-password-new-error' : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            if (passwordError) setPasswordError(newPasswordProblem(event.target.value));
          }}
          onBlur={() => setPasswordError(newPasswordProblem(password))}
          onKeyDown={onPasswordKey}
        />
        <FieldError id="reset-password-new-error" text={passwordError ? t(passwordError) : null} />
        <label htmlFor="reset-password-repeat">{t('repeatPassword')}</label>
        <input
          id="reset-password-repeat"
          ref={repeatInput}
          type="password"
          autoComplete="new-password"
          value={repeat}
          aria-invalid={repeatError ? true : undefined}
          aria-describedby={repeatError ? 'reset-password-repeat-error' : undefined}
          onChange={(event) => {
            setRepeat(event.target.value);
            if (repeatError) setRepeatError(repeatPasswordProblem(password, event.target.value));
          }}
        />
        <FieldError id="reset-password-repeat-error" text={repeatError ? t(repeatError) : null} />
        <button type="submit" disabled={busy}>
          {t('submit')}
        </button>
      </form>
    </main>
  );
}

function FieldError(props: { id: string; text: string | null }) {
  return props.text ? (
    <p id={props.id} className="reset-password-field-error">
      {props.text}
    </p>
  ) : null;
}
