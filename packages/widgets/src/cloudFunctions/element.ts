/**
 * <varde-cloud-functions>: the CloudFunctionsWidget as a custom element (open shadow root). The
 * monaco editor is a light-DOM child of the element (slotted in), see SourceEditor.tsx.
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { CloudFunctionsWidget, type CloudFunctionsWidgetProps } from './Component.js';

export const CLOUD_FUNCTIONS_TAG = 'varde-cloud-functions';

export interface VardeCloudFunctionsElement extends HTMLElement {
  refreshMs: number | undefined;
}

export function defineVardeCloudFunctions(): CustomElementConstructor {
  return defineWidgetElement<CloudFunctionsWidgetProps>(CLOUD_FUNCTIONS_TAG, CloudFunctionsWidget, {
    attributes: { refreshMs: 'number' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-cloud-functions': VardeCloudFunctionsElement;
  }
}
