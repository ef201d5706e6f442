/** The password (+ SMS code) sign-in of <varde-session>: two steps, messages from the catalogue. */
import { useRef, useState, type FormEvent } from 'react';
import { loginErrorKey, type Session } from '@varde/core';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';

type InputElement = HTMLElement & { value?: string; focus(): void };

export interface SignInFormProps {
  session: Session;
  t: WidgetTranslate;
  onCancel: () => void;
}

export function SignInForm({ session, t, onCancel }: SignInFormProps) {
  const [smsUid, setSmsUid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const username = useRef<InputElement>(null);
  const password = useRef<InputElement>(null);
  const code = useRef<InputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const step = smsUid ? 'sms' : 'credentials';
    try {
      if (smsUid) {
        await session.verifySms(smsUid, (code.current?.value ?? '').trim());
      } else {
        const answer = await session.signInWithPassword((username.current?.value ?? '').trim(), password.current?.value ?? '');
        if (answer.smsRequired) setSmsUid(answer.uid);
      }
    } catch (failure) {
      const message = loginErrorKey(failure, step);
      setError(t(message.key, message.values));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="varde-session__form" part="form" onSubmit={(event) => void submit(event)} noValidate>
      {smsUid ? (
        <>
          <p className="varde-session__help">{t('login:smsHelp')}</p>
          <sl-input size="small" ref={code} name="code" part="code-input" label={t('login:smsCode')} autocomplete="one-time-code" inputmode="numeric" required autofocus />
        </>
      ) : (
        <>
          <sl-input size="small" ref={username} name="username" part="username-input" label={t('login:username')} autocomplete="username" required autofocus />
          <sl-input size="small" ref={password} name="password" part="password-input" type="password" label={t('login:password')} autocomplete="current-password" required />
        </>
      )}
      {error ? (
        <p className="varde-session__error" role="alert" part="error">
          {error}
        </p>
      ) : null}
      <div className="varde-session__actions">
        <sl-button type="submit" variant="primary" size="small" loading={busy} part="submit-button">
          {smsUid ? t('login:verify') : t('login:submit')}
        </sl-button>
        <sl-button type="button" size="small" onClick={onCancel} part="cancel-button">
          {t('cancel')}
        </sl-button>
      </div>
    </form>
  );
}
