/**
 * Where focus goes back to when the alarm dialog closes (issue 37, item 3): the row that opened it, or
 * the bulk button. Without it focus fell to `body` and the table was 16 Tabs away. A row that has left
 * the table meanwhile (acknowledged under the "unacknowledged" filter) hands focus to the first row, a
 * disabled bulk button (its selection acknowledged) to the first selected row that is still there.
 */
import { useMemo, type RefObject } from 'react';

export type FocusOrigin = { row: string } | { bulk: true };

export interface DialogFocusReturn {
  /** Remembers what opened the dialog (call before opening it). */
  openedFrom(origin: FocusOrigin): void;
  /** Focuses it again (call once the dialog has closed); nothing when nothing was remembered. */
  restore(): void;
}

function focusable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && !element.hasAttribute('disabled');
}

export function useDialogFocusReturn(rootRef: RefObject<HTMLElement | null>): DialogFocusReturn {
  return useMemo(() => {
    let origin: FocusOrigin | null = null;
    const rowOf = (root: HTMLElement, id: string) => [...root.querySelectorAll<HTMLElement>('[part="row"]')].find((row) => row.dataset.alarmId === id) ?? null;
    return {
      openedFrom(next) {
        origin = next;
      },
      restore() {
        const root = rootRef.current;
        const from = origin;
        origin = null;
        if (!root || !from) return;
        const bulk = 'bulk' in from ? root.querySelector('[part="bulk-acknowledge"]') : null;
        const target =
          (focusable(bulk) ? bulk : null) ??
          ('row' in from ? rowOf(root, from.row) : null) ??
          root.querySelector('[part="row"]') ??
          root.querySelector('[part="search"]');
        if (!(target instanceof HTMLElement)) return;
        target.focus();
        target.scrollIntoView?.({ block: 'nearest' });
      },
    };
  }, [rootRef]);
}
