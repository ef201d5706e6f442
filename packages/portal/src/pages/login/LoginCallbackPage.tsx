import { useEffect } from 'react';
import { brandBaseOf } from '../../app/brandPath.js';
import { navigate } from '../../app/router.js';
import { session } from '../../app/session.js';
import { useTexts } from '../../shell/useTexts.js';
import { CenteredMessage } from '../CenteredMessage.js';
import { safeRedirect } from '../../app/safeRedirect.js';

let completing: Promise<string | undefined> | null = null;

/** /login/callback: completes the sign-in, then the saved redirect (else /sites); any failure restarts with prompt=login. */
export function LoginCallbackPage() {
  const t = useTexts('portal');
  useEffect(() => {
    // Once per page load: the authorization code can be redeemed only once (React may run effects twice).
    completing ??= session.completeSignIn(window.location.href);
    completing
      .then((redirect) => {
        const target = safeRedirect(redirect ?? null) ?? '/';
        // Back under a brand's path the page needs that brand's settings (theme, menu): load it afresh;
        // the startup's silent sign-in picks the session up again.
        if (brandBaseOf(target) !== session.settings.basePath) window.location.replace(target);
        else navigate(target, { replace: true });
      })
      .catch(() => navigate('/login?prompt=login', { replace: true }));
  }, []);
  return <CenteredMessage message={t('completingSignIn')} />;
}
