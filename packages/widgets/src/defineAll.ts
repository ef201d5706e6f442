/**
 * Defines every widget's custom element. The preact bundle dist/elements/all.js calls it; a widget
 * adds its define function here (and its entry in src/elements/).
 */
import { defineVardeSession } from './session/element.js';

export const widgetDefinitions = {
  'varde-session': defineVardeSession,
} as const;

export function defineAllWidgets(): void {
  for (const define of Object.values(widgetDefinitions)) define();
}
