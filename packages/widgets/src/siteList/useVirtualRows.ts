/**
 * The site list's rows over a scroll container, virtualised by @tanstack/react-virtual: only the rows on
 * screen (plus a few either side) are rendered, so 10,000 rows keep the DOM small. Also the
 * infinite-scroll trigger: `onNearEnd` when the end is within `triggerPx`, checked at most every `throttleMs`.
 */
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type RefObject } from 'react';

export interface VirtualRows {
  scrollRef: RefObject<HTMLDivElement | null>;
  start: number;
  end: number;
  totalHeight: number;
  offsetTop: number;
}

export interface VirtualRowsOptions {
  count: number;
  rowHeight: number;
  overscan?: number;
  triggerPx?: number;
  /** Also near the end while it is within this many container heights (load ahead of a fast scroll). */
  aheadScreens?: number;
  throttleMs?: number;
  onNearEnd?: () => void;
}

/** Calls `fn` at most once per `ms` (leading and trailing call). */
function throttle(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    run() {
      const wait = last + ms - Date.now();
      if (wait <= 0) {
        last = Date.now();
        fn();
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          last = Date.now();
          fn();
        }, wait);
      }
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Before layout (or in a DOM without layout, as in tests) the container is taken to be as tall as the window. */
function windowHeight(): number {
  return typeof window === 'undefined' ? 800 : window.innerHeight;
}

function observeRectOrWindow(instance: Virtualizer<HTMLDivElement, Element>, report: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : { width: rect.width, height: windowHeight() }));
}

export function useVirtualRows(options: VirtualRowsOptions): VirtualRows {
  const { count, rowHeight, overscan = 6, triggerPx = 300, aheadScreens = 0, throttleMs = 150 } = options;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const onNearEnd = useRef(options.onNearEnd);
  onNearEnd.current = options.onNearEnd;

  const virtualizer = useVirtualizer({
    count,
    overscan,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    initialRect: { width: 0, height: windowHeight() },
    observeElementRect: observeRectOrWindow,
  });

  // A new row height (the alarm table's stacked rows on a narrow screen) drops the old measurements.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const checkEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !onNearEnd.current) return;
    const ahead = Math.max(triggerPx, element.clientHeight * aheadScreens);
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= ahead) onNearEnd.current();
  }, [triggerPx, aheadScreens]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const throttled = throttle(checkEnd, throttleMs);
    element.addEventListener('scroll', throttled.run, { passive: true });
    // A container that grows (a taller window) may bring the end near without a scroll.
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(throttled.run) : null;
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', throttled.run);
      resize?.disconnect();
      throttled.cancel();
    };
  }, [checkEnd, throttleMs]);

  // New rows may still leave the container short of its end: ask again (the store ignores a call while loading).
  useEffect(() => {
    checkEnd();
  }, [count, checkEnd]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    scrollRef,
    start: first?.index ?? 0,
    end: last ? last.index + 1 : 0,
    totalHeight: virtualizer.getTotalSize(),
    offsetTop: first?.start ?? 0,
  };
}
