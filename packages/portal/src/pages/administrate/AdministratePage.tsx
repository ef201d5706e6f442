import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /administrate: the users an admin manages (placeholder until the module is built). */
export function AdministratePage() {
  return <ModulePlaceholder titleKey="menu:userAdministration" />;
}
