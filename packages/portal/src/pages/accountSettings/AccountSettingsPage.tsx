import { useMemo } from 'react';
import { AccountSettingsWidget } from '@varde/widgets/accountSettings/Component.js';
import { rememberLanguage } from '../../app/language.js';
import { useSession } from '../../app/useSession.js';
import { AccessTokensPanel } from '../accessTokens/AccessTokensPanel.js';
import { personalTokenOwner } from '../accessTokens/personalTokens.js';
import { useAccessTokenTexts } from '../accessTokens/useAccessTokenTexts.js';
import { PageFrame } from '../../shell/PageFrame.js';

/**
 * /account-settings: name, new password, language (applied, stored on the account, remembered), time
 * zone, auto-logout toggle; then the person's access tokens (issue 34).
 */
export function AccountSettingsPage() {
  const t = useAccessTokenTexts(['menu', 'portal']);
  const uid = useSession().user?.uid ?? '';
  const owner = useMemo(() => personalTokenOwner(uid), [uid]);
  return (
    <PageFrame className="account-settings-page" title={t('portal:accountSettings')}>
      {/* The widget has applied and stored the language; the portal remembers it on the device like the menu's choice. */}
      <AccountSettingsWidget onLanguageChange={({ language }) => rememberLanguage(language)} />
      {uid ? <AccessTokensPanel owner={owner} title={t('accessTokens:title')} intro={t('accessTokens:intro')} /> : null}
    </PageFrame>
  );
}
