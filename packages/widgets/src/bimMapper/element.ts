/**
 * <varde-bim-mapper>: the BimMapperWidget as a custom element (open shadow root). Besides the event,
 * the unsaved state is readable on the element: `unsaved` / `leaveNeedsConfirm` properties and an
 * `unsaved` attribute that follows them (so a host page can style or query it).
 */
import type { BimServiceConfig } from '@varde/core';
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { BimMapperWidget, type BimMapperWidgetProps } from './Component.js';
import type { BimUnsavedDetail } from './events.js';
import type { ViewerFactoryLoader } from './viewerLoader.js';

export const BIM_MAPPER_TAG = 'varde-bim-mapper';

export interface VardeBimMapperElement extends HTMLElement {
  building: string | undefined;
  bimConfig: BimServiceConfig | null | undefined;
  viewerFactory: ViewerFactoryLoader | undefined;
  /** Read only: node edits not saved yet. */
  readonly unsaved: boolean;
  /** Read only: leaving now would lose unsaved changes and edges (ask first). */
  readonly leaveNeedsConfirm: boolean;
}

const STATE = Symbol('bimUnsavedState');

function withUnsavedState(base: CustomElementConstructor): CustomElementConstructor {
  return class extends base {
    [STATE]: BimUnsavedDetail = { unsaved: false, leaveNeedsConfirm: false };

    constructor(...args: unknown[]) {
      super(...(args as []));
      this.addEventListener('varde-bim-unsaved-change', (event) => {
        this[STATE] = { ...(event as CustomEvent<BimUnsavedDetail>).detail };
        this.toggleAttribute('unsaved', this[STATE].unsaved);
      });
    }

    get unsaved(): boolean {
      return this[STATE].unsaved;
    }

    get leaveNeedsConfirm(): boolean {
      return this[STATE].leaveNeedsConfirm;
    }
  };
}

export function defineVardeBimMapper(): CustomElementConstructor {
  return defineWidgetElement<BimMapperWidgetProps>(BIM_MAPPER_TAG, BimMapperWidget, {
    attributes: { building: 'string' },
    properties: ['bimConfig', 'viewerFactory'],
    extend: withUnsavedState,
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-bim-mapper': VardeBimMapperElement;
  }
}
