import { useEffect, type ComponentType, type ReactElement } from 'react';
import { LoginCallbackPage } from '../pages/login/LoginCallbackPage.js';
import { LoginRedirectPage } from '../pages/login/LoginRedirectPage.js';
import { LogoutPage } from '../pages/login/LogoutPage.js';
import { SilentCallbackPage } from '../pages/login/SilentCallbackPage.js';
import { SitesPage } from '../pages/sites/SitesPage.js';
import { CenteredMessage } from '../pages/CenteredMessage.js';
import { session } from './session.js';
import { currentPathAndQuery, navigate, useLocation } from './router.js';
import { Shell } from './Shell.js';
import { t } from './strings.js';
import { useSession } from './useSession.js';

const PROTECTED_ROUTES: Record<string, ComponentType> = {
  '/sites': SitesPage,
};

export function App() {
  const { pathname } = useLocation();
  const { state } = useSession();

  if (pathname === '/login/silent-callback') return <SilentCallbackPage />;
  if (pathname === '/login/callback') return <LoginCallbackPage />;
  if (pathname === '/logout') return <LogoutPage />;
  if (pathname === '/login') return <StartSession silent={false}><LoginRedirectPage /></StartSession>;

  const Page = PROTECTED_ROUTES[pathname];
  if (!Page) {
    navigate('/sites', { replace: true });
    return null;
  }
  return (
    <StartSession silent>
      {state === 'signed-in' ? (
        <Shell>
          <Page />
        </Shell>
      ) : (
        <CenteredMessage message={t('loading')} />
      )}
    </StartSession>
  );
}

/**
 * Leaves the session's loading state once: a silent sign-in on ordinary pages; on failure the user goes to
 * /login with the current address saved, and local and session storage are cleared.
 */
function StartSession(props: { silent: boolean; children: ReactElement }) {
  const { state } = useSession();
  useEffect(() => {
    if (state === 'loading') {
      void startSession(props.silent);
      return;
    }
    if (state === 'signed-out' && props.silent) {
      const redirect = currentPathAndQuery();
      window.localStorage.clear();
      window.sessionStorage.clear();
      navigate(`/login?redirect=${encodeURIComponent(redirect)}`, { replace: true });
    }
  }, [state, props.silent]);
  return props.children;
}

let starting: Promise<unknown> | null = null;
function startSession(silent: boolean): Promise<unknown> {
  starting ??= session.start({ silent });
  return starting;
}
