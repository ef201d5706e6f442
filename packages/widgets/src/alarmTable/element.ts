/** <varde-alarm-table>: the AlarmTableWidget as a custom element (open shadow root). */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { AlarmTableWidget, type AlarmTableWidgetProps } from './Component.js';

export const ALARM_TABLE_TAG = 'varde-alarm-table';

export interface VardeAlarmTableElement extends HTMLElement {
  mapHref: string | undefined;
  siteHref: string | undefined;
  site: string | undefined;
}

export function defineVardeAlarmTable(): CustomElementConstructor {
  return defineWidgetElement<AlarmTableWidgetProps>(ALARM_TABLE_TAG, AlarmTableWidget, { attributes: { mapHref: 'string', siteHref: 'string', site: 'string' } });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-alarm-table': VardeAlarmTableElement;
  }
}
