/**
 * The password row (shown only to a system admin, Admin or PowerUser): set a new password (at least
 * 8 characters), or e-mail the user a link to choose one.
 */
import { useRef, useState, type FormEvent } from 'react';
import { describeError, sendPasswordReset, setUserPassword, type Session } from '@varde/core';
import { MIN_PASSWORD_LENGTH, type ManagedUser } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';

export interface PasswordRowProps {
  session: Session;
  user: ManagedUser;
  t: WidgetTranslate;
  notify: (text: string, kind?: 'success' | 'error') => void;
}

export function PasswordRow({ session, user, t, notify }: PasswordRowProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLElement & { value?: string; focus(): void }>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const password = input.current?.value ?? '';
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(t(password ? 'passwordTooShort' : 'fieldRequired', { min: MIN_PASSWORD_LENGTH }));
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await setUserPassword(session.http, user.uid, password);
      setEditing(false);
      setError(null);
      notify(t('passwordSet'));
    } catch (failure) {
      setError(t('saveFailed', { message: describeError(failure) }));
    } finally {
      setBusy(false);
    }
  }

  async function sendReset() {
    try {
      await sendPasswordReset(session.http, user.uid);
      notify(t('resetSent', { email: user.username }));
    } catch (failure) {
      notify(t('saveFailed', { message: describeError(failure) }), 'error');
    }
  }

  return (
    <div className="varde-user-detail__row" data-row="password" part="row row-password">
      <dt>{t('password')}</dt>
      <dd>
        {editing ? (
          <form className="varde-user-detail__inline-form" noValidate onSubmit={(event) => void save(event)}>
            <sl-input
              ref={input}
              size="small"
              type="password"
              label={t('newPassword')}
              autocomplete="new-password"
              password-toggle
              autofocus
              help-text={error ?? ''}
              data-error={error ? '' : undefined}
              className="varde-user-detail__inline-input"
              part="password-input"
            />
            <sl-button size="small" type="submit" variant="primary" loading={busy} part="password-save-button">
              {t('save')}
            </sl-button>
            <sl-button size="small" type="button" onClick={() => setEditing(false)}>
              {t('cancel')}
            </sl-button>
          </form>
        ) : (
          <>
            <span className="varde-user-detail__value">••••••••</span>
            <sl-button size="small" onClick={() => setEditing(true)} part="password-edit-button">
              {t('setPassword')}
            </sl-button>
            <sl-button size="small" variant="text" onClick={() => void sendReset()} part="password-reset-button">
              {t('sendReset')}
            </sl-button>
          </>
        )}
      </dd>
    </div>
  );
}
