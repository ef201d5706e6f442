/**
 * Who may use the embedded create-user form (admin-modules spec, "Create user (embedded)"): an
 * Admin, PowerUser or User (or a system admin) with access to the controller it is embedded for.
 */
import { canAddUsers, type UserData } from '@varde/core/contract';

export type CreateUserAccess = 'allowed' | 'no-controller' | 'not-allowed';

export function createUserAccess(user: UserData, controllerId: string | null): CreateUserAccess {
  if (!controllerId) return 'no-controller';
  if (!canAddUsers(user.role, user.systemAdmin)) return 'not-allowed';
  return user.systemAdmin || user.controllers[controllerId] === true ? 'allowed' : 'not-allowed';
}
