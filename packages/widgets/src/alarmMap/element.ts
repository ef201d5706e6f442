/** <varde-alarm-map>: the AlarmMapWidget as a custom element (open shadow root, Leaflet's CSS inside). */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { AlarmMapWidget, type AlarmMapWidgetProps } from './Component.js';

export const ALARM_MAP_TAG = 'varde-alarm-map';

export interface VardeAlarmMapElement extends HTMLElement {
  listHref: string | undefined;
  tileUrl: string | undefined;
  tileAttribution: string | undefined;
  mobileApp: boolean | undefined;
  siteHref: string | undefined;
}

export function defineVardeAlarmMap(): CustomElementConstructor {
  return defineWidgetElement<AlarmMapWidgetProps>(ALARM_MAP_TAG, AlarmMapWidget, {
    attributes: { listHref: 'string', tileUrl: 'string', tileAttribution: 'string', mobileApp: 'boolean', siteHref: 'string' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-alarm-map': VardeAlarmMapElement;
  }
}
