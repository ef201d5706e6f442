/**
 * Widget events. Every widget event is a `varde-*` CustomEvent with a typed `detail` that bubbles
 * and is composed, so it leaves the widget's shadow root and reaches the host page (retargeted to
 * the `<varde-*>` element). In the portal (no shadow root) the same event bubbles through the DOM.
 *
 * Each widget declares its events by augmenting VardeEventMap (see session/events.ts):
 *
 *   declare module '../shared/events.js' {
 *     interface VardeEventMap { 'varde-session-change': SessionChangeDetail }
 *   }
 *
 * which also types `element.addEventListener('varde-session-change', (e) => e.detail)`.
 */
import { useCallback, useRef, type RefObject } from 'react';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface VardeEventMap {}

export type VardeEventName = keyof VardeEventMap & `varde-${string}`;

/** VardeEventMap as DOM events: what addEventListener sees. */
export type VardeCustomEvents = { [K in keyof VardeEventMap]: CustomEvent<VardeEventMap[K]> };

// They bubble up to the document and the window, so listeners there are typed too.
/* eslint-disable @typescript-eslint/no-empty-object-type */
declare global {
  interface HTMLElementEventMap extends VardeCustomEvents {}
  interface DocumentEventMap extends VardeCustomEvents {}
  interface WindowEventMap extends VardeCustomEvents {}
}
/* eslint-enable @typescript-eslint/no-empty-object-type */

/** Dispatches a `varde-*` event from `target` (bubbling, composed). Returns false when cancelled. */
export function emitVardeEvent<K extends VardeEventName>(
  target: EventTarget | null | undefined,
  type: K,
  detail: VardeEventMap[K],
  options: { cancelable?: boolean } = {},
): boolean {
  if (!target) return true;
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}

/**
 * For components: a ref for the widget's root element and an `emit` that dispatches from it.
 * Pass the ref to <WidgetRoot rootRef={...}>.
 */
export function useVardeEvents(): {
  rootRef: RefObject<HTMLDivElement | null>;
  emit: <K extends VardeEventName>(type: K, detail: VardeEventMap[K]) => boolean;
} {
  const rootRef = useRef<HTMLDivElement | null>(null);
  const emit = useCallback(
    <K extends VardeEventName>(type: K, detail: VardeEventMap[K]) => emitVardeEvent(rootRef.current, type, detail),
    [],
  );
  return { rootRef, emit };
}
