import { useEffect } from 'react';
import { clearBrowserStorage } from '../../app/loginRedirect.js';
import { navigate } from '../../app/router.js';
import { session } from '../../app/session.js';
import { useTexts } from '../../shell/useTexts.js';
import { CenteredMessage } from '../CenteredMessage.js';

let signingOut: Promise<void> | null = null;

/** /logout: backend sign-out, local reset, cleared local storage (the language choice stays), then the provider's end-session. */
export function LogoutPage() {
  const t = useTexts('portal');
  useEffect(() => {
    signingOut ??= session.signOut({ force: true }).finally(() => clearBrowserStorage({ session: false }));
    // The provider redirect normally leaves this page; without one, go to the login page.
    signingOut.then(() => navigate('/login?prompt=login', { replace: true })).catch(() => navigate('/login', { replace: true }));
  }, []);
  return <CenteredMessage message={t('signingOut')} />;
}
