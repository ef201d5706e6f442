import { useEffect, useState } from 'react';
import { listControllersResponse, type Site } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useSession } from '../../app/useSession.js';
import { PasswordSmsLoginForm } from '../customerLogin/PasswordSmsLoginForm.js';
import { useTexts } from '../../shell/useTexts.js';
import { LEROY_CLOUD_DOMAIN, LEROY_SITE_UUID, leroyLoginAllowed } from './leroySite.js';
import { isMobileWidth, siteLoginLink } from './siteLoginLink.js';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'opening'; site: Site; link: string }
  | { kind: 'offline'; site: Site }
  | { kind: 'not-available' };

/**
 * The customer-specific login: the password + SMS form, then straight to the one fixed controller
 * in the same window. Only on the provider's cloud domain (and the reference cloud).
 */
export function LeroyLoginPage() {
  const t = useTexts('portalPages');
  const { state } = useSession();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const allowed = leroyLoginAllowed(session.settings);

  useEffect(() => {
    if (!allowed || state !== 'signed-in') return;
    const controller = new AbortController();
    session.http
      .request('controllers-api', '/controllers', { schema: listControllersResponse, signal: controller.signal })
      .then(({ data }) => {
        const site = data.find((candidate) => candidate.uuid === LEROY_SITE_UUID);
        if (!site) return setOutcome({ kind: 'not-available' });
        if (site.webpmpReady !== true) return setOutcome({ kind: 'offline', site });
        const link = siteLoginLink(site, session.settings.loginServerUrl, isMobileWidth(window.innerWidth));
        setOutcome({ kind: 'opening', site, link });
        window.location.assign(link);
      })
      .catch(() => {
        if (!controller.signal.aborted) setOutcome({ kind: 'not-available' });
      });
    return () => controller.abort();
  }, [allowed, state]);

  let body;
  if (!allowed) body = <p role="alert">{t('leroyLogin.onlyOnCloudDomain', { domain: LEROY_CLOUD_DOMAIN })}</p>;
  else if (state !== 'signed-in') body = <PasswordSmsLoginForm idPrefix="leroy" onSignedIn={() => undefined} />;
  else if (outcome.kind === 'opening')
    body = (
      <p role="status">
        {t('leroyLogin.opening', { site: outcome.site.name })}{' '}
        <a href={outcome.link}>{t('leroyLogin.openAgain')}</a>
      </p>
    );
  else if (outcome.kind === 'offline') body = <p role="alert">{t('leroyLogin.siteNotOnline', { site: outcome.site.name })}</p>;
  else if (outcome.kind === 'not-available') body = <p role="alert">{t('leroyLogin.siteNotAvailable')}</p>;
  else body = <p role="status">…</p>;

  return (
    <main className="leroy-login">
      <div className="leroy-login-card">{body}</div>
    </main>
  );
}
