/**
 * <varde-account-settings>: the AccountSettingsWidget as a custom element (open shadow root).
 * Registration is explicit: call defineVardeAccountSettings() (dist/elements/varde-account-settings.js does).
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { AccountSettingsWidget, type AccountSettingsWidgetProps } from './Component.js';

export const ACCOUNT_SETTINGS_TAG = 'varde-account-settings';

/** <varde-account-settings> has no attributes; it emits varde-language-change. */
export type VardeAccountSettingsElement = HTMLElement;

export function defineVardeAccountSettings(): CustomElementConstructor {
  return defineWidgetElement<AccountSettingsWidgetProps>(ACCOUNT_SETTINGS_TAG, AccountSettingsWidget, {});
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-account-settings': VardeAccountSettingsElement;
  }
}
