/** Listens to a (Shoelace) event on an element held in a ref, from the moment it is committed. */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useElementEvent(ref: RefObject<HTMLElement | null>, type: string, handler: (event: Event) => void): void {
  const current = useRef(handler);
  current.current = handler;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => current.current(event);
    element.addEventListener(type, listener);
    return () => element.removeEventListener(type, listener);
  }, [ref, type]);
}
