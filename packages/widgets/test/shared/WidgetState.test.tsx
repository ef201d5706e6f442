import { afterEach, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { setLanguage } from '@varde/core';
import { WidgetState } from '../../src/shared/WidgetState.js';
import { widgetStateStrings } from '../../src/shared/widgetStateStrings.js';

/** The one state notice every widget shows (issue 26, item 4): loading with a limit, refused, failed with retry, stale with its age. */
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await setLanguage('no');
});

it('loading says it is taking long after the limit, and then offers to try again', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
  const retry = vi.fn();
  const { container } = render(<WidgetState kind="loading" onRetry={retry} />);
  expect(container.querySelector('[data-state="loading"]')!.textContent).toBe('Laster…');
  expect(container.querySelector('[part="retry"]')).toBeNull();
  await act(async () => vi.advanceTimersByTime(11_000));
  expect(container.querySelector('[data-state="slow"]')!.textContent).toContain('Dette tar lang tid');
  fireEvent.click(container.querySelector('[part="retry"]')!);
  expect(retry).toHaveBeenCalledTimes(1);
  // The new attempt is loading again, and gets its own limit before it says it is taking long.
  expect(container.querySelector('[data-state="loading"]')!.textContent).toBe('Laster…');
  await act(async () => vi.advanceTimersByTime(11_000));
  expect(container.querySelector('[data-state="slow"]')).not.toBeNull();
});

it('failed says why and retries; refused says which access is missing', async () => {
  await setLanguage('en');
  const retry = vi.fn();
  const failed = render(<WidgetState kind="failed" detail="Failed to connect" onRetry={retry} />);
  expect(failed.container.querySelector('[role="alert"]')!.textContent).toContain('Could not load: Failed to connect');
  fireEvent.click(failed.container.querySelector('[part="retry"]')!);
  expect(retry).toHaveBeenCalled();
  const refused = render(<WidgetState kind="refused" missing="the Notifications module" />);
  expect(refused.container.querySelector('[data-state="refused"]')!.textContent).toBe('You do not have access: the Notifications module.');
});

it('stale says why and how old what is shown is, counting on by itself, in the UI language', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
  const since = Date.now();
  await setLanguage('se');
  const { container } = render(<WidgetState kind="stale" since={since} reason="molnet svarar inte" />);
  await act(async () => vi.advanceTimersByTime(5000));
  expect(container.querySelector('[data-state="stale"]')!.textContent).toMatch(/^Visar det som kom för 5 sekunder sedan: molnet svarar inte\./);
});

it('has the same texts and placeholders in no, en and se', () => {
  const keys = (language: 'no' | 'en' | 'se') => Object.keys(widgetStateStrings.texts[language]).sort();
  const holes = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
  for (const language of ['no', 'se'] as const) {
    expect(keys(language)).toEqual(keys('en'));
    for (const key of keys('en')) expect(holes(widgetStateStrings.texts[language][key])).toEqual(holes(widgetStateStrings.texts.en[key]));
  }
});
