import { Suspense, useEffect } from 'react';
import { CenteredMessage } from '../pages/CenteredMessage.js';
import { NoAccessPage } from '../pages/NoAccessPage.js';
import { Shell } from '../shell/Shell.js';
import { useTexts } from '../shell/useTexts.js';
import { guardRoute } from './guards.js';
import { clearBrowserStorage, redirectToLogin } from './loginRedirect.js';
import { matchRoute, type RouteMatch } from './matchRoute.js';
import { navigate, setPageLoader, useLocation } from './router.js';
import { loadPageOf } from './loadPage.js';
import { routes, type LazyPage } from './routes.js';
import { session } from './session.js';
import { useAutoLogout } from './useAutoLogout.js';
import { useLiveUserAccess } from './useLiveUserAccess.js';
import { useSession } from './useSession.js';
import './strings.js';

// A link's page loads before the location changes (within a limit): no loading flash between pages.
setPageLoader(loadPageOf);

/** The whole portal: the route table decides the page, its guard and its layout. Unknown paths -> the landing page. */
export function App() {
  const { pathname } = useLocation();
  const match = matchRoute(routes, pathname);
  useAutoLogout();
  useLiveUserAccess();

  useEffect(() => {
    if (!match) navigate('/', { replace: true });
  }, [match]);
  if (!match) return null;
  return <RouteView match={match} />;
}

/** Pages that finish a sign-in themselves: starting the session there would race with it. */
const COMPLETES_SIGN_IN = new Set(['/login/callback', '/login/silent-callback']);

function RouteView({ match }: { match: RouteMatch }) {
  const { route, params } = match;
  const snapshot = useSession();
  const t = useTexts('portal');
  const decision = guardRoute(route, snapshot);

  useEffect(() => {
    // The page's chunk loads while the session starts, not after it.
    if ('preload' in route.component) void (route.component as LazyPage).preload().catch(() => undefined);
    if (COMPLETES_SIGN_IN.has(route.path)) return;
    void startSession(!route.skipsInitialLoad);
  }, [route]);

  useEffect(() => {
    if (decision.kind === 'login') {
      clearBrowserStorage();
      redirectToLogin(decision.prompt);
    }
  }, [decision.kind, decision.kind === 'login' ? decision.prompt : undefined]);

  if (decision.kind === 'blocked' || decision.kind === 'admin-only') {
    return (
      <Shell>
        <NoAccessPage missing={decision.kind === 'blocked' ? decision.missing : []} landing={decision.landing} />
      </Shell>
    );
  }
  if (decision.kind !== 'render') return <CenteredMessage message={t('loading')} />;
  const Page = route.component;
  // Pages load on first visit (routes.ts): the shell stays while a page's chunk arrives.
  const page = (
    <Suspense fallback={<CenteredMessage message={t('loading')} />}>
      <Page params={params} />
    </Suspense>
  );
  if (route.layout === 'bare') return page;
  return <Shell>{page}</Shell>;
}

/**
 * Leaves the session's loading state once per page load: a silent sign-in on ordinary pages, none on
 * the routes that skip the initial load (they only need to know there is no session yet).
 */
let starting: Promise<unknown> | null = null;
function startSession(silent: boolean): Promise<unknown> {
  starting ??= session.start({ silent });
  return starting;
}
