/**
 * AccountSettingsWidget (<varde-account-settings>): the signed-in user's own settings (admin-modules
 * spec, "Account settings"): name (required), a new password (required, at least 8), language
 * (no / en / se, applied to the UI at once), time zone (the full IANA list, default Europe/Oslo) and
 * the portalAutoLogoutDisabled toggle, stored in the realtime database. Results in 6 s snackbars.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { chooseUserLanguage, describeError, setLanguage, setUserPassword, updateUser, type Session } from '@varde/core';
import { languageCode, MIN_PASSWORD_LENGTH, type LanguageCode, type UserData } from '@varde/core/contract';
import { useVardeEvents } from '../shared/events.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useWidgetTranslation, type WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import { Snackbar, snackbarStyles, useSnackbar } from '../shared/Snackbar.js';
import type { LanguageChangeDetail } from './events.js';
import { loadAccountSettingsShoelaceParts } from './shoelace.js';
import { accountSettingsStrings } from './strings.js';
import { accountSettingsStyles } from './styles.js';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { autoLogoutPath, ianaTimeZones, timeZonePath, validTimeZone } from './timeZones.js';
import { useRealtimeValue } from './useRealtimeValue.js';

export interface AccountSettingsWidgetProps {
  /** React callers (the portal remembers the choice): the same detail as `varde-language-change`. */
  onLanguageChange?: ((detail: LanguageChangeDetail) => void) | undefined;
}

type Notify = (text: string, kind?: 'success' | 'error') => void;
type InputRef = HTMLElement & { value?: string; focus(): void };

export function AccountSettingsWidget(props: AccountSettingsWidgetProps) {
  const { t, language } = useWidgetTranslation(accountSettingsStrings);
  const { rootRef, emit } = useVardeEvents();
  const ready = useShoelaceParts(loadAccountSettingsShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const snackbar = useSnackbar();
  const signedIn = snapshot?.state === 'signed-in' && snapshot.user !== null;
  const account = useFreshAccount(signedIn ? session : null);

  let body;
  if (snapshot?.state === 'signed-out') {
    body = <SignedOutPrompt text={t('signInFirst')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />;
  } else if (!snapshot || snapshot.state === 'loading' || !ready || (signedIn && account.status === 'loading')) {
    body = <WidgetState kind="loading" text={t('loading')} onRetry={account.retry} />;
  } else if (!signedIn || !snapshot.user || !session) {
    body = <SignedOutPrompt text={t('signInFirst')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />;
  } else if (account.status === 'error') {
    body = <ErrorState error={account.error} missing={t('missing')} onRetry={account.retry} />;
  } else {
    const user = snapshot.user;
    body = (
      <>
        <NameForm key={`name:${user.uid}`} session={session} user={user} t={t} notify={snackbar.show} />
        <PasswordForm key={`password:${user.uid}`} session={session} user={user} t={t} notify={snackbar.show} />
        <Preferences
          session={session}
          user={user}
          language={language}
          t={t}
          notify={snackbar.show}
          onLanguage={(code) => {
            const detail = { language: code };
            emit('varde-language-change', detail);
            props.onLanguageChange?.(detail);
          }}
        />
      </>
    );
  }

  return (
    <WidgetRoot styles={`${accountSettingsStyles}\n${snackbarStyles}\n${widgetStateStyles}`} className="varde-account-settings" rootRef={rootRef} lang={language}>
      {body}
      <Snackbar message={snackbar.message} onClose={snackbar.dismiss} closeLabel={t('close')} />
    </WidgetRoot>
  );
}

type AccountRead = { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: unknown };

/**
 * The account as stored now (POST /session/userinfo through the session, which the forms then show),
 * not what the session read when it started: a name changed elsewhere shows here. A 4xx ends the
 * session (the sign-in prompt); any other failure is the failed state, whose retry reads again.
 */
function useFreshAccount(session: Session | null): AccountRead & { retry: () => void } {
  const [read, setRead] = useState<AccountRead>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!session) return undefined;
    let active = true;
    setRead({ status: 'loading' });
    session.refreshUser().then(
      () => active && setRead({ status: 'ready' }),
      (error: unknown) => active && setRead({ status: 'error', error }),
    );
    return () => {
      active = false;
    };
  }, [session, generation]);
  const retry = useCallback(() => {
    setRead({ status: 'loading' });
    setGeneration((value) => value + 1);
  }, []);
  return { ...read, retry };
}

interface PartProps {
  session: Session;
  user: UserData;
  t: WidgetTranslate;
  notify: Notify;
}

function NameForm({ session, user, t, notify }: PartProps) {
  const input = useRef<InputRef>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const name = (input.current?.value ?? '').trim();
    if (!name) {
      setError(t('nameRequired'));
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await updateUser(session.http, user.uid, { name });
      await session.refreshUser().catch(() => undefined); // the header shows the new name
      notify(t('nameSaved'));
    } catch (failure) {
      notify(t('saveFailed', { message: describeError(failure) }), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="varde-account-settings__card" noValidate onSubmit={(event) => void save(event)} aria-labelledby="varde-account-profile" part="name-form">
      <h2 id="varde-account-profile">{t('profile')}</h2>
      <sl-input ref={input} label={t('name')} value={user.name} required autocomplete="name" help-text={error ?? ''} data-error={error ? '' : undefined} part="name-input" />
      <div>
        <sl-button type="submit" variant="primary" loading={busy} part="save-name-button">
          {t('saveName')}
        </sl-button>
      </div>
    </form>
  );
}

function PasswordForm({ session, user, t, notify }: PartProps) {
  const input = useRef<InputRef>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problemOf = (password: string) =>
    !password ? t('fieldRequired') : password.length < MIN_PASSWORD_LENGTH ? t('passwordTooShort', { min: MIN_PASSWORD_LENGTH }) : null;
  // Judged once the user typed and left the field (or saves), never before: an untouched field is not wrong.
  const touched = useRef(false);
  const recheck = (leaving: boolean) => {
    const password = input.current?.value ?? '';
    if (leaving && password) touched.current = true;
    if (touched.current) setError(password ? problemOf(password) : null);
  };
  async function save(event: FormEvent) {
    event.preventDefault();
    const password = input.current?.value ?? '';
    const problem = problemOf(password);
    touched.current = true;
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await setUserPassword(session.http, user.uid, password);
      if (input.current) input.current.value = '';
      touched.current = false;
      notify(t('passwordSaved'));
    } catch (failure) {
      notify(t('saveFailed', { message: describeError(failure) }), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="varde-account-settings__card" noValidate onSubmit={(event) => void save(event)} aria-labelledby="varde-account-password" part="password-form">
      <h2 id="varde-account-password">{t('passwordSection')}</h2>
      {/* The account name helps password managers file the new password. */}
      <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
      <sl-input
        ref={input}
        type="password"
        label={t('newPassword')}
        required
        autocomplete="new-password"
        password-toggle
        help-text={error ?? ''}
        data-error={error ? '' : undefined}
        onsl-blur={() => recheck(true)}
        onsl-input={() => recheck(false)}
        part="password-input"
      />
      <div>
        <sl-button type="submit" variant="primary" loading={busy} part="save-password-button">
          {t('savePassword')}
        </sl-button>
      </div>
    </form>
  );
}

function Preferences({ session, user, language, t, notify, onLanguage }: PartProps & { language: string; onLanguage: (code: LanguageCode) => void }) {
  const timeZone = useRealtimeValue<string>(session, timeZonePath(user.uid));
  const autoLogout = useRealtimeValue<boolean>(session, autoLogoutPath(user.uid));
  const [zones] = useState(ianaTimeZones);
  const realtime = session.realtime;

  async function chooseLanguage(value: string) {
    const parsed = languageCode.safeParse(value);
    if (!parsed.success || parsed.data === language) return;
    // Shown at once, then stored on the account (the account menu does the same: one language per user).
    try {
      await chooseUserLanguage(session, parsed.data, setLanguage);
      onLanguage(parsed.data);
      notify(t('languageSaved'));
    } catch (failure) {
      notify(t('saveFailed', { message: describeError(failure) }), 'error');
    }
  }

  async function write(path: string, value: unknown, saved: string) {
    if (!realtime) return;
    try {
      await realtime.set(path, value);
      notify(saved);
    } catch (failure) {
      notify(t('saveFailed', { message: describeError(failure) }), 'error');
    }
  }

  const missing = !realtime || timeZone.status === 'missing';
  const zone = timeZone.status === 'ready' ? validTimeZone(timeZone.value) : validTimeZone(null);
  return (
    <section className="varde-account-settings__card" aria-labelledby="varde-account-preferences" part="preferences">
      <h2 id="varde-account-preferences">{t('preferences')}</h2>
      {/* Native selects (three languages; 400+ zones with type-ahead): light, and keyboard-friendly. */}
      <label className="varde-account-settings__native">
        <span className="varde-account-settings__label">{t('language')}</span>
        <select value={language} onChange={(event) => void chooseLanguage(event.target.value)} data-part="language-select">
          {languageCode.options.map((code) => (
            <option key={code} value={code}>
              {t(`session:languages.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="varde-account-settings__native">
        <span className="varde-account-settings__label">{t('timeZone')}</span>
        <select
          value={zone}
          disabled={missing || timeZone.status === 'loading'}
          onChange={(event) => void write(timeZonePath(user.uid), event.target.value, t('timeZoneSaved'))}
          aria-describedby="varde-account-zone-help"
          data-part="time-zone-select"
        >
          {zones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <span id="varde-account-zone-help" className="varde-account-settings__help">
          {missing ? t('realtimeMissing') : t('timeZoneHelp')}
        </span>
      </label>
      <sl-switch
        checked={autoLogout.status === 'ready' && autoLogout.value === true}
        disabled={missing || autoLogout.status !== 'ready'}
        help-text={t('autoLogoutHelp')}
        part="auto-logout-switch"
        onsl-change={(event: Event) => void write(autoLogoutPath(user.uid), (event.target as HTMLElement & { checked: boolean }).checked, t('autoLogoutSaved'))}
      >
        {t('session:disableAutoLogout')}
      </sl-switch>
    </section>
  );
}
