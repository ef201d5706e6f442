/**
 * JSX types for the Shoelace tags widgets render. Attributes are kebab-case as in HTML; React 19 and
 * preact both set a property when the (upgraded) element has one, else the attribute.
 * Add a tag here when a widget starts to use it.
 */
import type { HTMLAttributes, Ref } from 'react';

type ShoelaceProps = HTMLAttributes<HTMLElement> & {
  ref?: Ref<HTMLElement & { value?: string; focus(): void }>;
  [attribute: `${string}-${string}`]: unknown;
  variant?: string;
  size?: string;
  type?: string;
  name?: string;
  label?: string;
  value?: string;
  autocomplete?: string;
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  outline?: boolean;
  autofocus?: boolean;
  inputmode?: string;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sl-button': ShoelaceProps;
      'sl-input': ShoelaceProps;
      'sl-spinner': ShoelaceProps;
      'sl-icon': ShoelaceProps;
    }
  }
}
