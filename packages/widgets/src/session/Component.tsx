/**
 * SessionWidget: the sign-in status of the page's shared session, with sign-in (password + SMS) and
 * sign-out. As <varde-session> it also configures that session from its attributes, or takes access
 * tokens pushed by the host page. The portal renders it without configuration: it then shows the
 * portal's own session.
 */
import { useEffect, useRef, useState } from 'react';
import type { AccessTokens } from '@varde/core/contract';
import { useVardeEvents } from '../shared/events.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import type { SessionChangeDetail } from './events.js';
import { SessionConfigError, type SessionConfig } from './sessionConfig.js';
import { configureSharedSession } from './sharedSessionConfig.js';
import { loadSessionShoelaceParts } from './shoelace.js';
import { SignInForm } from './SignInForm.js';
import { sessionStrings } from './strings.js';
import { sessionStyles } from './styles.js';

export interface SessionWidgetProps extends SessionConfig {
  /** `password` (default): a sign-in button opens the password (+ SMS) form. `none`: no sign-in button (the host pushes tokens). */
  signIn?: 'password' | 'none' | undefined;
  /** Tokens pushed by the host page (a property, never an attribute): `{<service host>: <token>}`. */
  accessTokens?: AccessTokens | undefined;
  /** React callers: the same detail as the `varde-session-change` event. */
  onSessionChange?: ((detail: SessionChangeDetail) => void) | undefined;
}

function useConfiguredSession(config: SessionConfig): string | null {
  const [configError, setConfigError] = useState<string | null>(null);
  const { cloud, authServer, loginServer, clientId, domain, serviceHosts } = config;
  useEffect(() => {
    try {
      configureSharedSession({ cloud, authServer, loginServer, clientId, domain, serviceHosts });
      setConfigError(null);
    } catch (error) {
      if (!(error instanceof SessionConfigError)) throw error;
      setConfigError(error.message);
    }
  }, [cloud, authServer, loginServer, clientId, domain, serviceHosts]);
  return configError;
}

export function SessionWidget(props: SessionWidgetProps) {
  const { t, language } = useWidgetTranslation(sessionStrings);
  const { rootRef, emit } = useVardeEvents();
  useShoelaceParts(loadSessionShoelaceParts);
  const configError = useConfiguredSession(props);
  const snapshot = useSessionSnapshot();
  const session = useSharedSession();
  const [formOpen, setFormOpen] = useState(false);

  const [tokensError, setTokensError] = useState(false);

  // Tokens pushed through the property.
  useEffect(() => {
    if (!props.accessTokens || !session) return;
    setTokensError(false);
    session.useAccessTokens(props.accessTokens).catch(() => setTokensError(true));
  }, [props.accessTokens, session]);

  // One event per settled change of state or user.
  const lastEmitted = useRef<string | null>(null);
  const onSessionChange = props.onSessionChange;
  useEffect(() => {
    if (!snapshot || snapshot.state === 'loading') return;
    const key = `${snapshot.state}:${snapshot.uid ?? ''}`;
    if (key === lastEmitted.current) return;
    lastEmitted.current = key;
    const { user } = snapshot;
    const detail: SessionChangeDetail = {
      state: snapshot.state,
      user: user ? { uid: user.uid, name: user.name, email: user.email, role: user.role } : null,
      reason: snapshot.state === 'signed-out' ? snapshot.signOutReason : null,
    };
    emit('varde-session-change', detail);
    onSessionChange?.(detail);
    if (snapshot.state === 'signed-in') setFormOpen(false);
  }, [snapshot, emit, onSessionChange]);

  let body;
  if (configError) {
    body = (
      <p className="varde-session__error" role="alert" part="error">
        {t('configError', { message: configError })}
      </p>
    );
  } else if (!snapshot || !session || snapshot.state === 'loading') {
    body = (
      <div className="varde-session__status" part="status" aria-live="polite">
        <sl-spinner aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  } else if (snapshot.state === 'signed-in') {
    body = (
      <div className="varde-session__status" part="status" aria-live="polite">
        <span className="varde-session__name" part="user-name">
          {t('signedInAs', { name: snapshot.user?.name ?? snapshot.uid ?? '' })}
        </span>
        <sl-button size="small" part="sign-out-button" onClick={() => void session.signOut()}>
          {t('session:logout')}
        </sl-button>
      </div>
    );
  } else {
    body = (
      <>
        <div className="varde-session__status" part="status" aria-live="polite">
          <span>{t('signedOut')}</span>
          {props.signIn !== 'none' && !formOpen ? (
            <sl-button size="small" variant="primary" part="sign-in-button" onClick={() => setFormOpen(true)}>
              {t('signIn')}
            </sl-button>
          ) : null}
        </div>
        {tokensError ? (
          <p className="varde-session__error" role="alert" part="error">
            {t('tokensRejected')}
          </p>
        ) : null}
        {formOpen && props.signIn !== 'none' ? <SignInForm session={session} t={t} onCancel={() => setFormOpen(false)} /> : null}
      </>
    );
  }

  return (
    <WidgetRoot styles={sessionStyles} className="varde-session" rootRef={rootRef} lang={language}>
      {body}
    </WidgetRoot>
  );
}
