/** <varde-site-list>: the SiteListWidget as a custom element (open shadow root). */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { SiteListWidget, type SiteListWidgetProps } from './Component.js';

export const SITE_LIST_TAG = 'varde-site-list';

export interface VardeSiteListElement extends HTMLElement {
  list: 'controllers' | 'adminControllers' | undefined;
  mobileApp: boolean | undefined;
  statusHost: string | undefined;
  siteHref: string | undefined;
}

export function defineVardeSiteList(): CustomElementConstructor {
  return defineWidgetElement<SiteListWidgetProps>(SITE_LIST_TAG, SiteListWidget, {
    attributes: { list: 'string', mobileApp: 'boolean', statusHost: 'string', siteHref: 'string' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-site-list': VardeSiteListElement;
  }
}
