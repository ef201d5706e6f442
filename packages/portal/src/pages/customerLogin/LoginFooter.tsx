import { CUSTOMER_CONTACT } from './contact.js';
import { SocialIconSvg } from './Illustrations.js';
import { useTexts } from '../../shell/useTexts.js';

/** Phone, e-mail, website and social links. Hidden on small screens (CSS, ≤ 960 px). */
export function LoginFooter() {
  const t = useTexts('portalPages');
  const contact = CUSTOMER_CONTACT;
  return (
    <footer className="customer-login-footer" aria-label={t('customerLogin.footerLabel')}>
      <dl>
        <div>
          <dt>{t('customerLogin.phone')}</dt>
          <dd>
            <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t('customerLogin.email')}</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('customerLogin.website')}</dt>
          <dd>
            <a href={contact.website} target="_blank" rel="noopener noreferrer">
              {contact.website.replace(/^https?:\/\//, '')}
            </a>
          </dd>
        </div>
      </dl>
      <nav aria-label={t('customerLogin.social')} className="customer-login-social">
        <span>{t('customerLogin.social')}</span>
        {contact.social.map((link) => (
          <a key={link.icon} href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.name} title={link.name}>
            <SocialIconSvg icon={link.icon} />
          </a>
        ))}
      </nav>
    </footer>
  );
}
