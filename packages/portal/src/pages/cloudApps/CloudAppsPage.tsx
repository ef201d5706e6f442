import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /cloud-apps: mappings and their tables (placeholder until the module is built). */
export function CloudAppsPage() {
  return <ModulePlaceholder titleKey="menu:cloudApps" />;
}
