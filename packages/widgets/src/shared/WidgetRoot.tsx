/**
 * The outer element of every widget: its styles (the design tokens, once its Shoelace parts have loaded,
 * and the widget's CSS), the light or dark theme of the page, and the root node events are dispatched
 * from. Inside a custom element this sits in the open shadow root.
 */
import type { ReactNode, RefObject } from 'react';
import { useColorScheme, useShoelaceThemeCss } from './shoelace.js';

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

export function WidgetRoot({ styles, className, rootRef, lang, children }: WidgetRootProps) {
  const themeCss = useShoelaceThemeCss();
  const scheme = useColorScheme();
  return (
    <div className={scheme === 'dark' ? `${className} sl-theme-dark` : className} ref={rootRef} part="root" lang={lang}>
      <style>{`${themeCss}\n${styles}`}</style>
      {children}
    </div>
  );
}
