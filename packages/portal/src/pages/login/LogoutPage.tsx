import { useEffect } from 'react';
import { navigate } from '../../app/router.js';
import { session } from '../../app/session.js';
import { t } from '../../app/strings.js';
import { CenteredMessage } from '../CenteredMessage.js';

let signingOut: Promise<void> | null = null;

/** /logout: backend sign-out, local reset, cleared local storage, then the provider's end-session. */
export function LogoutPage() {
  useEffect(() => {
    signingOut ??= session.signOut({ force: true }).finally(() => window.localStorage.clear());
    // The provider redirect normally leaves this page; without one, go to the login page.
    signingOut.then(() => navigate('/login?prompt=login', { replace: true })).catch(() => navigate('/login', { replace: true }));
  }, []);
  return <CenteredMessage message={t('signingOut')} />;
}
