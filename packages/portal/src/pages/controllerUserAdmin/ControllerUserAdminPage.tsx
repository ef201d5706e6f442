import { CreateUserWidget } from '@varde/widgets/createUser/Component.js';

/**
 * /controllerUserAdmin (alias /controllerframe/createuser): the create-user form a controller frame
 * embeds, alone in the window (no shell). The widget takes the controller from the `chainId` query
 * or the `#controller` hash itself.
 */
export function ControllerUserAdminPage() {
  return (
    <main className="controller-user-admin">
      <CreateUserWidget />
    </main>
  );
}
