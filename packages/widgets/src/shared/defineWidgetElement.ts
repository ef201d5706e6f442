/**
 * Registers a widget component as a custom element through @r2wc, with an open shadow root.
 *
 * - `attributes`: string, number and boolean props, read from kebab-case attributes
 *   (`authServer` <- `auth-server`). Unlike plain r2wc, a bare boolean attribute (`<x compact>`) is
 *   true, and removing an attribute resets its prop to undefined.
 * - `properties`: object (or function) props, settable only as JS properties and never reflected to
 *   an attribute (tokens and large data must not end up in the DOM). A property set before the
 *   element was defined is picked up on upgrade.
 * - `extend`: a subclass hook to add methods (e.g. `useAccessTokens`) to the element class.
 * - Language: before a user is signed in, the element speaks its `lang` or its page's (pageLanguage.ts).
 *
 * Guarded by customElements.get: defining twice (two bundles on one page) is a no-op.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { speakPageLanguage } from './pageLanguage.js';

export type AttributeType = 'string' | 'number' | 'boolean';

export interface WidgetElementOptions<Props> {
  attributes?: Partial<Record<keyof Props & string, AttributeType>>;
  properties?: readonly (keyof Props & string)[];
  extend?: (base: CustomElementConstructor) => CustomElementConstructor;
}

// r2wc keeps props and its render function under global symbols (Symbol.for), stable across copies.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function parseAttribute(type: AttributeType, value: string | null): unknown {
  if (value === null) return undefined;
  if (type === 'boolean') return value !== 'false';
  if (type === 'number') {
    const number = Number(value);
    return value.trim() === '' || Number.isNaN(number) ? undefined : number;
  }
  return value;
}

export function defineWidgetElement<Props extends object>(
  tagName: `varde-${string}`,
  Component: ComponentType<Props>,
  options: WidgetElementOptions<Props> = {},
): CustomElementConstructor {
  const existing = customElements.get(tagName);
  if (existing) return existing;

  const attributes = Object.entries(options.attributes ?? {}) as [string, AttributeType][];
  const byAttribute = new Map(attributes.map(([prop, type]) => [kebab(prop), { prop, type }]));
  const properties = [...(options.properties ?? [])];

  // r2wc mounts, updates and unmounts the React (or preact/compat) tree in the shadow root; the
  // props are managed here, so r2wc gets none of its own.
  const Base = r2wc(Component as ComponentType<object>, { shadow: 'open', props: {} }) as unknown as {
    new (): HTMLElement & R2wcInternals;
  };

  class VardeWidgetElement extends Base {
    static get observedAttributes(): string[] {
      return [...byAttribute.keys()];
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const entry = byAttribute.get(name);
      if (!entry) return;
      this[PROPS][entry.prop] = parseAttribute(entry.type, value);
      this[RENDER]();
    }

    connectedCallback(): void {
      // Properties a page set on the element before it was defined shadow the accessors: move them.
      for (const name of properties) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as unknown as Record<string, unknown>)[name];
          delete (this as unknown as Record<string, unknown>)[name];
          (this as unknown as Record<string, unknown>)[name] = value;
        }
      }
      speakPageLanguage(this);
      (Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this);
    }
  }

  for (const [prop, type] of attributes) {
    const attribute = kebab(prop);
    Object.defineProperty(VardeWidgetElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInternals) {
        return this[PROPS][prop];
      },
      // Attribute props reflect, so the attribute and the property never disagree.
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null || (type === 'boolean' && value === false)) this.removeAttribute(attribute);
        else this.setAttribute(attribute, type === 'boolean' ? '' : String(value));
      },
    });
  }
  for (const prop of properties) {
    Object.defineProperty(VardeWidgetElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInternals) {
        return this[PROPS][prop];
      },
      set(this: R2wcInternals, value: unknown) {
        this[PROPS][prop] = value;
        this[RENDER]();
      },
    });
  }

  const ElementClass = options.extend ? options.extend(VardeWidgetElement) : VardeWidgetElement;
  customElements.define(tagName, ElementClass);
  return ElementClass;
}
