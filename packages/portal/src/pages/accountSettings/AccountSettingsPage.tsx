import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /account-settings: the user's own settings (placeholder until the module is built). */
export function AccountSettingsPage() {
  return <ModulePlaceholder titleKey="portal:accountSettings" />;
}
