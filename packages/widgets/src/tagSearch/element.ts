/** <varde-tag-search>: the TagSearchWidget as a custom element (open shadow root). */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { TagSearchWidget, type TagSearchWidgetProps } from './Component.js';

export const TAG_SEARCH_TAG = 'varde-tag-search';

export interface VardeTagSearchElement extends HTMLElement {
  examples: readonly string[] | undefined;
  query: string | undefined;
  mobileApp: boolean | undefined;
  siteHref: string | undefined;
}

export function defineVardeTagSearch(): CustomElementConstructor {
  return defineWidgetElement<TagSearchWidgetProps>(TAG_SEARCH_TAG, TagSearchWidget, {
    attributes: { query: 'string', mobileApp: 'boolean', siteHref: 'string' },
    properties: ['examples'],
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-tag-search': VardeTagSearchElement;
  }
}
