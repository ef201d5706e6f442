/**
 * <varde-user-detail>: the UserDetailWidget as a custom element (open shadow root). Registration is
 * explicit: call defineVardeUserDetail() (the dist/elements/varde-user-detail.js module does).
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { UserDetailWidget, type UserDetailWidgetProps } from './Component.js';

export const USER_DETAIL_TAG = 'varde-user-detail';

/** What <varde-user-detail> adds to HTMLElement (its attributes as properties). */
export interface VardeUserDetailElement extends HTMLElement {
  userId: string | undefined;
  view: string | undefined;
  listItems: string | undefined;
}

export function defineVardeUserDetail(): CustomElementConstructor {
  return defineWidgetElement<UserDetailWidgetProps>(USER_DETAIL_TAG, UserDetailWidget, {
    attributes: { userId: 'string', view: 'string', listItems: 'string' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-user-detail': VardeUserDetailElement;
  }
}
