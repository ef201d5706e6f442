/**
 * <varde-licenses>: the LicensesWidget as a custom element (open shadow root). Registration is
 * explicit: call defineVardeLicenses() (the dist/elements/varde-licenses.js module does).
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { LicensesWidget, type LicensesWidgetProps } from './Component.js';

export const LICENSES_TAG = 'varde-licenses';

export interface VardeLicensesElement extends HTMLElement {
  /** The partner selected first (attribute `partner`). */
  partner: string | undefined;
}

export function defineVardeLicenses(): CustomElementConstructor {
  return defineWidgetElement<LicensesWidgetProps>(LICENSES_TAG, LicensesWidget, { attributes: { partner: 'string' } });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-licenses': VardeLicensesElement;
  }
}
