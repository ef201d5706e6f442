import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /notifications: notification rules (placeholder until the module is built). */
export function NotificationsPage() {
  return <ModulePlaceholder titleKey="menu:notifications" />;
}
