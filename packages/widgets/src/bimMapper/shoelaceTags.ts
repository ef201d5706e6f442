/**
 * JSX types of the Shoelace tags only this widget renders (the shared ones are in
 * ../shared/shoelaceElements.ts).
 */
import type { Attributes, HTMLAttributes } from 'react';

type TabProps = HTMLAttributes<HTMLElement> & Attributes & {
  [attribute: `${string}-${string}`]: unknown;
  panel?: string;
  name?: string;
  active?: boolean;
  placement?: string;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sl-tab-group': TabProps;
      'sl-tab': TabProps;
      'sl-tab-panel': TabProps;
    }
  }
}
