import { useEffect } from 'react';
import { navigate } from '../../app/router.js';
import { session } from '../../app/session.js';
import { t } from '../../app/strings.js';
import { CenteredMessage } from '../CenteredMessage.js';
import { safeRedirect } from './LoginRedirectPage.js';

let completing: Promise<string | undefined> | null = null;

/** /login/callback: completes the sign-in, then the saved redirect (else /sites); any failure restarts with prompt=login. */
export function LoginCallbackPage() {
  useEffect(() => {
    // Once per page load: the authorization code can be redeemed only once (React may run effects twice).
    completing ??= session.completeSignIn(window.location.href);
    completing
      .then((redirect) => navigate(safeRedirect(redirect ?? null) ?? '/sites', { replace: true }))
      .catch(() => navigate('/login?prompt=login', { replace: true }));
  }, []);
  return <CenteredMessage message={t('completingSignIn')} />;
}
