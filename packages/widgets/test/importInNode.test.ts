// @vitest-environment node
import { expect, it } from 'vitest';

/** Importing @varde/widgets has no side effects: it loads in Node (no DOM) and defines nothing. */
it('imports in Node without a DOM and without defining elements or adding texts', async () => {
  expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  const widgets = await import('../src/index.js');
  expect(typeof widgets.SessionWidget).toBe('function');
  expect(typeof widgets.defineVardeSession).toBe('function');
  const { i18n } = await import('@varde/core');
  expect(i18n.hasResourceBundle('en', 'sessionWidget')).toBe(false);
});
