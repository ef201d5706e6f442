/**
 * <varde-user-admin>: the UserAdminWidget as a custom element (open shadow root). Registration is
 * explicit: call defineVardeUserAdmin() (the dist/elements/varde-user-admin.js module does).
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { UserAdminWidget, type UserAdminWidgetProps } from './Component.js';

export const USER_ADMIN_TAG = 'varde-user-admin';

/** <varde-user-admin> has no attributes; it speaks through events (varde-user-edit, -created, -deleted). */
export type VardeUserAdminElement = HTMLElement;

export function defineVardeUserAdmin(): CustomElementConstructor {
  return defineWidgetElement<UserAdminWidgetProps>(USER_ADMIN_TAG, UserAdminWidget, {});
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-user-admin': VardeUserAdminElement;
  }
}
