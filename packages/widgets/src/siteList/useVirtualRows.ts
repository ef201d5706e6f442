/**
 * A fixed-row-height virtual window over a scroll container: only the rows on screen (plus a few
 * either side) are rendered, so 10,000 rows keep the DOM small. Also the infinite-scroll trigger:
 * `onNearEnd` when the end is within `triggerPx`, checked at most every `throttleMs`.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

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

export function useVirtualRows(options: VirtualRowsOptions): VirtualRows {
  const { count, rowHeight, overscan = 6, triggerPx = 300, throttleMs = 150 } = options;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  const onNearEnd = useRef(options.onNearEnd);
  onNearEnd.current = options.onNearEnd;

  const checkEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !onNearEnd.current) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= triggerPx) onNearEnd.current();
  }, [triggerPx]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const throttled = throttle(checkEnd, throttleMs);
    let frame = 0;
    const measure = () => {
      frame = 0;
      setView((current) =>
        current.top === element.scrollTop && current.height === element.clientHeight ? current : { top: element.scrollTop, height: element.clientHeight },
      );
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
      throttled.run();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(onScroll) : null;
    resize?.observe(element);
    measure();
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      throttled.cancel();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [checkEnd, throttleMs]);

  // New rows may still leave the container short of its end: ask again (the store ignores a call while loading).
  useEffect(() => {
    checkEnd();
  }, [count, checkEnd]);

  // Before layout (or in a DOM without layout) assume the window's height.
  const viewport = view.height > 0 ? view.height : typeof window === 'undefined' ? 800 : window.innerHeight;
  const start = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((view.top + viewport) / rowHeight) + overscan);
  return { scrollRef, start, end, totalHeight: count * rowHeight, offsetTop: start * rowHeight };
}
