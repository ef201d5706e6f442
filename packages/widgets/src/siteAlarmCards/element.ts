/** <varde-site-alarm-cards>: the SiteAlarmCardsWidget as a custom element (open shadow root). */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { SiteAlarmCardsWidget, type SiteAlarmCardsWidgetProps } from './Component.js';

export const SITE_ALARM_CARDS_TAG = 'varde-site-alarm-cards';

export interface VardeSiteAlarmCardsElement extends HTMLElement {
  excludeSite: string | undefined;
  mobileApp: boolean | undefined;
  siteHref: string | undefined;
}

export function defineVardeSiteAlarmCards(): CustomElementConstructor {
  return defineWidgetElement<SiteAlarmCardsWidgetProps>(SITE_ALARM_CARDS_TAG, SiteAlarmCardsWidget, {
    attributes: { excludeSite: 'string', mobileApp: 'boolean', siteHref: 'string' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-site-alarm-cards': VardeSiteAlarmCardsElement;
  }
}
