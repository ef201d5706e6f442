import { useEffect, useState } from 'react';
import { hrefFor, navigate, useLocation } from '../../app/router.js';
import { safeRedirect } from '../../app/safeRedirect.js';
import { session } from '../../app/session.js';
import { useSession } from '../../app/useSession.js';
import { useTexts } from '../../shell/useTexts.js';
import { CenteredMessage } from '../CenteredMessage.js';
import { ControllerFrameLoginPage, isControllerFrameLogin } from '../controllerFrame/ControllerFrameLoginPage.js';

/**
 * /login: signed in -> the redirect query (else /sites); otherwise on to the identity provider.
 * /login?controllerframe… is the variant with the password form inside a controller frame.
 */
export function LoginRedirectPage() {
  const { search } = useLocation();
  if (isControllerFrameLogin(search)) return <ControllerFrameLoginPage />;
  return <ProviderRedirect search={search} />;
}

function ProviderRedirect({ search }: { search: URLSearchParams }) {
  const { state } = useSession();
  const t = useTexts('portal');
  const [error, setError] = useState<string | null>(null);
  const redirect = safeRedirect(search.get('redirect'));
  const prompt = search.get('prompt');

  useEffect(() => {
    if (state === 'signed-in') {
      navigate(redirect ?? '/', { replace: true });
      return;
    }
    if (state !== 'signed-out') return;
    session
      .signInRedirect({
        ...(prompt === 'login' || prompt === 'none' ? { prompt } : {}),
        // The callback lands outside any brand path: carry the brand's base along.
        redirect: hrefFor(redirect ?? '/'),
      })
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)));
  }, [state, redirect, prompt]);

  return (
    <CenteredMessage
      message={error ?? t('redirecting')}
      action={error ? { label: t('signInAgain'), onClick: () => window.location.reload() } : undefined}
    />
  );
}
