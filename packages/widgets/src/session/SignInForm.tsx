/** The password (+ SMS code) sign-in of <varde-session>: two steps, messages from the catalogue. */
import { useRef, useState, type FormEvent } from 'react';
import { loginErrorKey, smsResendErrorKey, type Session, type SmsStep } from '@varde/core';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';

/** A masked number never breaks between its country code and its digits. */
const unbroken = (phone: string) => phone.replace(/ /g, '\u00a0');

type InputElement = HTMLElement & { value?: string; focus(): void };

export interface SignInFormProps {
  session: Session;
  t: WidgetTranslate;
  onCancel: () => void;
}

export function SignInForm({ session, t, onCancel }: SignInFormProps) {
  const [sms, setSms] = useState<SmsStep | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const username = useRef<InputElement>(null);
  const password = useRef<InputElement>(null);
  const code = useRef<InputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const step = sms ? 'sms' : 'credentials';
    try {
      if (sms) {
        await session.verifySms(sms.uid, (code.current?.value ?? '').trim());
      } else {
        const answer = await session.signInWithPassword((username.current?.value ?? '').trim(), password.current?.value ?? '');
        if (answer.smsRequired) setSms({ uid: answer.uid, phoneHint: answer.phoneHint, resendTicket: answer.resendTicket });
      }
    } catch (failure) {
      const message = loginErrorKey(failure, step);
      setError(t(message.key, message.values));
    } finally {
      setBusy(false);
    }
  }

  // "Send again": at most once per 30 s; sooner the message says in how many seconds.
  async function resend() {
    if (!sms || resending) return;
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const { phoneHint } = await session.resendSms(sms);
      setNotice(phoneHint ? t('login:smsResent', { phone: unbroken(phoneHint) }) : t('login:smsResentNoHint'));
    } catch (failure) {
      const message = smsResendErrorKey(failure);
      setError(t(message.key, message.values));
    } finally {
      setResending(false);
    }
  }

  return (
    <form className="varde-session__form" part="form" onSubmit={(event) => void submit(event)} noValidate>
      {sms ? (
        <>
          <p className="varde-session__help" part="sms-help">
            {sms.phoneHint ? t('login:smsSentTo', { phone: unbroken(sms.phoneHint) }) : t('login:smsHelp')}
          </p>
          {/* Keyed: without it React would reuse the password field, value and all, as the code field. */}
          <sl-input key="code" size="small" ref={code} name="code" part="code-input" label={t('login:smsCode')} autocomplete="one-time-code" inputmode="numeric" required autofocus />
        </>
      ) : (
        <>
          <sl-input key="username" size="small" ref={username} name="username" part="username-input" label={t('login:username')} autocomplete="username" required autofocus />
          <sl-input key="password" size="small" ref={password} name="password" part="password-input" type="password" label={t('login:password')} autocomplete="current-password" required />
        </>
      )}
      {error ? (
        <p className="varde-session__error" role="alert" part="error">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="varde-session__notice" role="status" part="notice">
          {notice}
        </p>
      ) : null}
      <div className="varde-session__actions">
        <sl-button type="submit" variant="primary" size="small" loading={busy} part="submit-button">
          {sms ? t('login:verify') : t('login:submit')}
        </sl-button>
        {sms?.resendTicket ? (
          <sl-button type="button" size="small" loading={resending} onClick={() => void resend()} part="resend-button">
            {t('login:smsResend')}
          </sl-button>
        ) : null}
        <sl-button type="button" size="small" onClick={onCancel} part="cancel-button">
          {t('cancel')}
        </sl-button>
      </div>
    </form>
  );
}
