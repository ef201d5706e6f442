/**
 * @varde/widgets, React build (the portal imports from here). Importing has no side effects: no
 * element is defined and no i18n namespace added until used. Custom elements: see defineAll.ts.
 */
export type { VardeEventMap, VardeEventName, VardeCustomEvents } from './shared/events.js';
export { emitVardeEvent, useVardeEvents } from './shared/events.js';
export { useSharedSession, useSessionSnapshot } from './shared/useSharedSession.js';
export { useWidgetTranslation, type WidgetTranslate } from './shared/useWidgetTranslation.js';
export { widgetStrings, type WidgetStrings } from './shared/widgetStrings.js';
export { defineWidgetElement, type WidgetElementOptions, type AttributeType } from './shared/defineWidgetElement.js';
export { loadShoelaceParts, useShoelaceParts, type ShoelaceLoader } from './shared/shoelace.js';
export { WidgetRoot, type WidgetRootProps } from './shared/WidgetRoot.js';
export { defineAllWidgets, widgetDefinitions } from './defineAll.js';

// Widgets (one block per widget).
export { SessionWidget, type SessionWidgetProps } from './session/Component.js';
export type { SessionChangeDetail } from './session/events.js';
export { defineVardeSession, SESSION_TAG, type VardeSessionElement } from './session/element.js';
export { configureSharedSession } from './session/sharedSessionConfig.js';
