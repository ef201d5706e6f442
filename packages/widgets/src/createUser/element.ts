/**
 * <varde-create-user>: the CreateUserWidget as a custom element (open shadow root). Registration is
 * explicit: call defineVardeCreateUser() (the dist/elements/varde-create-user.js module does).
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { CreateUserWidget, type CreateUserWidgetProps } from './Component.js';

export const CREATE_USER_TAG = 'varde-create-user';

/** What <varde-create-user> adds to HTMLElement. */
export interface VardeCreateUserElement extends HTMLElement {
  /** The controller (site uuid); default: the page's `chainId` query or `#controller` hash. */
  controllerId: string | undefined;
}

export function defineVardeCreateUser(): CustomElementConstructor {
  return defineWidgetElement<CreateUserWidgetProps>(CREATE_USER_TAG, CreateUserWidget, {
    attributes: { controllerId: 'string' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-create-user': VardeCreateUserElement;
  }
}
