/**
 * <varde-ml-explorer>: the MlExplorerWidget as a custom element (open shadow root). Registration is
 * explicit: call defineMlExplorer() (the dist/elements/varde-ml-explorer.js module does).
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { MlExplorerWidget, type MlExplorerWidgetProps } from './Component.js';

export const ML_EXPLORER_TAG = 'varde-ml-explorer';

/** What <varde-ml-explorer> adds to HTMLElement. */
export interface VardeMlExplorerElement extends HTMLElement {
  /** `refresh-ms`: period of the background refresh (default 30000). */
  refreshMs: number | undefined;
}

export function defineMlExplorer(): CustomElementConstructor {
  return defineWidgetElement<MlExplorerWidgetProps>(ML_EXPLORER_TAG, MlExplorerWidget, {
    attributes: { refreshMs: 'number' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-ml-explorer': VardeMlExplorerElement;
  }
}
