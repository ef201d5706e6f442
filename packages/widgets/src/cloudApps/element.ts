/** <varde-cloud-apps>: the CloudAppsWidget as a custom element (open shadow root). */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { CloudAppsWidget, type CloudAppsWidgetProps } from './Component.js';

export const CLOUD_APPS_TAG = 'varde-cloud-apps';

export interface VardeCloudAppsElement extends HTMLElement {
  reloadDelayMs: number | undefined;
  mapping: string | undefined;
}

export function defineVardeCloudApps(): CustomElementConstructor {
  return defineWidgetElement<CloudAppsWidgetProps>(CLOUD_APPS_TAG, CloudAppsWidget, {
    attributes: { reloadDelayMs: 'number', mapping: 'string' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-cloud-apps': VardeCloudAppsElement;
  }
}
