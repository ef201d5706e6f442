import { AccountSettingsWidget } from '@varde/widgets/accountSettings/Component.js';
import { rememberLanguage } from '../../app/language.js';
import { useTexts } from '../../shell/useTexts.js';

/** /account-settings: name, new password, language (applied, stored on the account, remembered), time zone, auto-logout toggle. */
export function AccountSettingsPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page account-settings-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('portal:accountSettings')}</h1>
      {/* The widget has applied and stored the language; the portal remembers it on the device like the menu's choice. */}
      <AccountSettingsWidget onLanguageChange={({ language }) => rememberLanguage(language)} />
    </section>
  );
}
