/**
 * JSX types for the Shoelace tags widgets render. Attributes are kebab-case as in HTML; React 19 and
 * preact both set a property when the (upgraded) element has one, else the attribute.
 * Add a tag here when a widget starts to use it.
 */
import type { Attributes, HTMLAttributes, Ref } from 'react';

type ShoelaceProps = HTMLAttributes<HTMLElement> & Attributes & {
  ref?: Ref<HTMLElement & { value?: string; focus(): void }>;
  [attribute: `${string}-${string}`]: unknown;
  variant?: string;
  size?: string;
  type?: string;
  name?: string;
  label?: string;
  value?: string | readonly string[];
  autocomplete?: string;
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  outline?: boolean;
  autofocus?: boolean;
  inputmode?: string;
  placeholder?: string;
  multiple?: boolean;
  clearable?: boolean;
  hoist?: boolean;
  checked?: boolean;
  open?: boolean;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sl-button': ShoelaceProps;
      'sl-input': ShoelaceProps;
      'sl-spinner': ShoelaceProps;
      'sl-icon': ShoelaceProps;
      'sl-select': ShoelaceProps;
      'sl-option': ShoelaceProps;
      'sl-switch': ShoelaceProps;
      'sl-dialog': ShoelaceProps;
      'sl-icon-button': ShoelaceProps;
      'sl-radio-group': ShoelaceProps;
      'sl-radio': ShoelaceProps;
    }
  }
}
