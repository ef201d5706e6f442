/**
 * The outer element of every widget: its styles (the design tokens, once its Shoelace parts have loaded,
 * and the widget's CSS), the light or dark theme of the page, and the root node events are dispatched
 * from. Inside a custom element this sits in the open shadow root.
 */
import type { ReactNode, RefObject } from 'react';
import { colorSchemeStore, type ColorSchemeState } from '@varde/core';
import { useShoelaceThemeCss } from './shoelace.js';
import { useStoreState } from './useStoreState.js';

export interface WidgetRootProps {
  /** The widget's CSS (its styles.ts); class names are prefixed with the widget name. */
  styles: string;
  /** Class of the root div, e.g. `varde-session`. */
  className: string;
  /** From useVardeEvents(): events are dispatched from this node. */
  rootRef?: RefObject<HTMLDivElement | null>;
  /** Natural text direction and language of the content (from useWidgetTranslation). */
  lang?: string;
  children?: ReactNode;
}

/** In a shadow root (a host page) a dark widget paints its own ground, so its text never lands on the page's white. */
const ROOT_CSS = `.sl-theme-dark { color: var(--varde-fg); }
:host > .sl-theme-dark { background: var(--varde-bg); }`;

const schemeOf = (state: ColorSchemeState) => state.scheme;

export function WidgetRoot({ styles, className, rootRef, lang, children }: WidgetRootProps) {
  const themeCss = useShoelaceThemeCss();
  const scheme = useStoreState(colorSchemeStore(), schemeOf, 'light');
  return (
    <div className={scheme === 'dark' ? `${className} sl-theme-dark` : className} ref={rootRef} part="root" lang={lang}>
      <style>{`${themeCss}\n${ROOT_CSS}\n${styles}`}</style>
      {children}
    </div>
  );
}
