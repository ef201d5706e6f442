/**
 * Shoelace form controls announce edits with `sl-input` / `sl-change` (bubbling, composed). A form
 * listens once on its own element and learns the field from the control's `data-field`.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export type FieldValue = string | string[];

export function useFieldEvents(
  formRef: RefObject<HTMLElement | null>,
  onField: (field: string, value: FieldValue) => void,
  ready: boolean,
): void {
  const handler = useRef(onField);
  handler.current = onField;
  // A layout effect: listening starts as the form is committed, before any user (or test) can type.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form || !ready) return;
    const listener = (event: Event) => {
      const control = event.target as (HTMLElement & { value?: FieldValue; checked?: boolean }) | null;
      const field = control?.dataset?.field;
      if (!field || control.value === undefined) return;
      handler.current(field, control.value);
    };
    form.addEventListener('sl-input', listener);
    form.addEventListener('sl-change', listener);
    return () => {
      form.removeEventListener('sl-input', listener);
      form.removeEventListener('sl-change', listener);
    };
  }, [formRef, ready]);
}
