import { afterEach, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createSmallStore } from '../../src/shared/smallStore.js';
import { useStoreState } from '../../src/shared/useStoreState.js';

/** The one hook every widget reads its store with: whole state, or a slice with a fallback. */
afterEach(cleanup);

const counters = () => createSmallStore({ shown: 1, other: 1 });

it('follows the whole state, and is null without a store', () => {
  const store = counters();
  const { result, rerender } = renderHook(({ current }) => useStoreState(current), { initialProps: { current: store as typeof store | null } });
  expect(result.current).toEqual({ shown: 1, other: 1 });
  act(() => store.setState({ shown: 2 }));
  expect(result.current?.shown).toBe(2);
  rerender({ current: null });
  expect(result.current).toBeNull();
});

it('with a selector, re-renders only when the slice changes; the fallback stands in for a missing store', () => {
  const store = counters();
  let renders = 0;
  const { result, rerender } = renderHook(
    ({ current }) => {
      renders += 1;
      return useStoreState(current, (state) => state.shown, -1);
    },
    { initialProps: { current: store as typeof store | null } },
  );
  expect(result.current).toBe(1);
  const before = renders;
  act(() => store.setState({ other: 5 }));
  expect(renders).toBe(before);
  act(() => store.setState({ shown: 3 }));
  expect(result.current).toBe(3);
  rerender({ current: null });
  expect(result.current).toBe(-1);
});
