import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /controllerUserAdmin (and /controllerframe/createuser): the embeddable create-user form (placeholder until the module is built). */
export function ControllerUserAdminPage() {
  return <ModulePlaceholder titleKey="portal:createUser" />;
}
