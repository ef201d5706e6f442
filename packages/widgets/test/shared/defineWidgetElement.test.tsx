import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { defineWidgetElement } from '../../src/shared/defineWidgetElement.js';
import { emitVardeEvent } from '../../src/shared/events.js';

/** The element side of the template: attributes, properties, shadow root, events, the define guard. */
interface ProbeProps {
  label?: string;
  count?: number;
  compact?: boolean;
  items?: string[];
  container?: ShadowRoot;
}

declare module '../../src/shared/events.js' {
  interface VardeEventMap {
    'varde-probe-click': { label: string };
  }
}

function Probe({ label, count, compact, items, container }: ProbeProps) {
  return (
    <button
      type="button"
      data-label={label ?? '(none)'}
      data-count={count === undefined ? '(none)' : String(count)}
      data-compact={String(compact ?? false)}
      onClick={(event) => emitVardeEvent(event.currentTarget, 'varde-probe-click', { label: label ?? '' })}
    >
      {(items ?? []).join(',')}
      {container ? ' in-shadow' : ''}
    </button>
  );
}

type ProbeElement = HTMLElement & ProbeProps;

function probeButton(element: HTMLElement): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const button = element.shadowRoot?.querySelector('button');
    if (!button) throw new Error('not rendered yet');
    return button;
  });
}

describe('defineWidgetElement', () => {
  it('picks up a property set before the element was defined, and defines once', async () => {
    const early = document.createElement('varde-probe') as ProbeElement;
    early.items = ['set', 'early'];
    document.body.append(early);

    const first = defineWidgetElement<ProbeProps>('varde-probe', Probe, {
      attributes: { label: 'string', count: 'number', compact: 'boolean' },
      properties: ['items'],
    });
    expect(defineWidgetElement<ProbeProps>('varde-probe', Probe)).toBe(first);
    expect(customElements.get('varde-probe')).toBe(first);

    const button = await probeButton(early);
    await waitFor(() => expect(button.textContent).toBe('set,early in-shadow'));
    expect(early.shadowRoot?.mode).toBe('open');
    early.remove();
  });

  it('reads kebab-case attributes: strings, numbers, bare booleans, and removal', async () => {
    const element = document.createElement('varde-probe') as ProbeElement;
    element.setAttribute('label', 'Kontor');
    element.setAttribute('count', '12');
    element.setAttribute('compact', '');
    document.body.append(element);
    const button = await probeButton(element);
    await waitFor(() => expect(button.dataset).toMatchObject({ label: 'Kontor', count: '12', compact: 'true' }));

    element.removeAttribute('compact');
    element.setAttribute('count', 'not a number');
    await waitFor(() => expect(button.dataset).toMatchObject({ compact: 'false', count: '(none)' }));

    // Attribute props reflect from the property.
    element.count = 7;
    element.compact = true;
    expect(element.getAttribute('count')).toBe('7');
    expect(element.hasAttribute('compact')).toBe(true);
    await waitFor(() => expect(button.dataset).toMatchObject({ compact: 'true', count: '7' }));
    element.remove();
  });

  it('keeps object properties out of attributes', async () => {
    const element = document.createElement('varde-probe') as ProbeElement;
    document.body.append(element);
    element.items = ['a', 'b'];
    const button = await probeButton(element);
    await waitFor(() => expect(button.textContent).toBe('a,b in-shadow'));
    expect(element.getAttributeNames()).toEqual([]);
    expect(element.items).toEqual(['a', 'b']);
    element.remove();
  });

  // Retargeting to the host element is browser behaviour happy-dom lacks; tests/e2e/hostPage checks it in Chromium.
  it('lets varde-* events leave the shadow root (bubbling, composed) and reach the document', async () => {
    const element = document.createElement('varde-probe') as ProbeElement;
    element.setAttribute('label', 'x');
    document.body.append(element);
    const seen: { detail: { label: string }; bubbles: boolean; composed: boolean; throughHost: boolean }[] = [];
    document.addEventListener('varde-probe-click', (event) =>
      seen.push({ detail: event.detail, bubbles: event.bubbles, composed: event.composed, throughHost: event.composedPath().includes(element) }),
    );
    (await probeButton(element)).click();
    expect(seen).toEqual([{ detail: { label: 'x' }, bubbles: true, composed: true, throughHost: true }]);
    element.remove();
  });
});
