import { useEffect } from 'react';
import { navigate, useLocation } from '../../app/router.js';
import { useSession } from '../../app/useSession.js';
import { safeRedirect } from '../../app/safeRedirect.js';
import { ForgotPassword } from './ForgotPassword.js';
import { BuildingCloudIllustration, DashboardIllustration } from './Illustrations.js';
import { LoginFooter } from './LoginFooter.js';
import { PasswordSmsLoginForm } from './PasswordSmsLoginForm.js';
import { useTexts } from '../../shell/useTexts.js';
import customerLoginCss from './customerLogin.css?raw';
import { adoptStyles } from '../adoptStyles.js';

// This page's styles arrive with its chunk, not in the first paint (see adoptStyles).
adoptStyles(customerLoginCss);

/** Path of the customer-flavor login page (route name GKDemoLogin in the spec). */
export const CUSTOMER_LOGIN_PATH = '/customer-login';

/**
 * The customer-flavor login page: the password + SMS form beside a marketing text and pictures, and a
 * contact footer (hidden on small screens). Signed in (now or already) -> the redirect query, else /sites.
 */
export function CustomerLoginPage() {
  const t = useTexts('portalPages');
  const { search } = useLocation();
  const { state } = useSession();
  const target = safeRedirect(search.get('redirect')) ?? '/sites';

  useEffect(() => {
    if (state === 'signed-in') navigate(target, { replace: true });
  }, [state, target]);

  return (
    <div className="customer-login">
      <header className="customer-login-header">
        <span className="customer-login-logo" aria-label="Varde">
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <path d="M16 3 4 29h24z" fill="var(--login-primary)" />
            <path d="M16 12 10 25h12z" fill="var(--login-accent)" />
          </svg>
          Varde
        </span>
      </header>
      <main className="customer-login-main">
        <section className="customer-login-marketing" aria-labelledby="customer-login-welcome">
          <h1 id="customer-login-welcome">{t('customerLogin.welcome')}</h1>
          <p className="customer-login-tagline">{t('customerLogin.tagline')}</p>
          <p>{t('customerLogin.pitch')}</p>
          <ul>
            <li>{t('customerLogin.pointSites')}</li>
            <li>{t('customerLogin.pointAlarms')}</li>
            <li>{t('customerLogin.pointAccess')}</li>
          </ul>
          <div className="customer-login-pictures">
            <BuildingCloudIllustration label={t('customerLogin.pictureBuilding')} />
            <DashboardIllustration label={t('customerLogin.pictureDashboard')} />
          </div>
        </section>
        <section className="customer-login-card">
          <PasswordSmsLoginForm onSignedIn={() => navigate(target, { replace: true })} />
          <ForgotPassword />
        </section>
      </main>
      <LoginFooter />
    </div>
  );
}
