import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /licenses: licence administration (placeholder until the module is built). */
export function LicensesPage() {
  return <ModulePlaceholder titleKey="menu:licenses" />;
}
