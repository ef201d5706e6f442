/**
 * The admin widgets' snackbar (users, licences): one short message at the bottom of the window for 6 s (admin-modules
 * spec, section 9: users and licences 6000 ms), announced politely, closable. Rendered inside the
 * widget, so it needs no page-level container and works in a shadow root.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const ADMIN_SNACKBAR_MS = 6000;

export type SnackbarKind = 'success' | 'warning' | 'error';
export interface SnackbarMessage {
  id: number;
  text: string;
  kind: SnackbarKind;
}

export function useSnackbar(): { message: SnackbarMessage | null; show(text: string, kind?: SnackbarKind): void; dismiss(): void } {
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const counter = useRef(0);
  const show = useCallback((text: string, kind: SnackbarKind = 'success') => {
    counter.current += 1;
    setMessage({ id: counter.current, text, kind });
  }, []);
  const dismiss = useCallback(() => setMessage(null), []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage((current) => (current?.id === message.id ? null : current)), ADMIN_SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return { message, show, dismiss };
}

export function Snackbar(props: { message: SnackbarMessage | null; onClose: () => void; closeLabel: string }) {
  return (
    <div className="varde-snackbar" role="status" aria-live="polite" part="snackbar">
      {props.message ? (
        <div key={props.message.id} className={`varde-snackbar__box varde-snackbar__box--${props.message.kind}`} data-kind={props.message.kind}>
          <span className="varde-snackbar__text" part="snackbar-text">
            {props.message.text}
          </span>
          <button type="button" className="varde-snackbar__close" aria-label={props.closeLabel} onClick={props.onClose}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The snackbar's CSS (and the visually-hidden helper class the admin widgets use), added to a widget's styles.
 * Its colours are our pairs, not Shoelace's scales, which invert in the dark theme (white on light green).
 */
export const snackbarStyles = `
.varde-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.varde-snackbar { position: fixed; left: 50%; bottom: 1.25rem; transform: translateX(-50%); z-index: 1000; width: max-content; max-width: calc(100vw - 2rem); }
.varde-snackbar__box { display: flex; align-items: center; gap: var(--sl-spacing-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); border-radius: var(--sl-border-radius-medium); box-shadow: var(--sl-shadow-large); border: 1px solid; color: var(--varde-fg); background: var(--varde-surface); font-size: var(--sl-font-size-medium); }
.varde-snackbar__box--success { color: var(--varde-success-fg); background: var(--varde-success-bg); }
.varde-snackbar__box--warning { color: var(--varde-warning-fg); background: var(--varde-warning-bg); }
.varde-snackbar__box--error { color: var(--varde-danger-fg); background: var(--varde-danger-bg); }
.varde-snackbar__close { background: none; border: 0; color: inherit; font-size: 1.25rem; line-height: 1; cursor: pointer; padding: 0 0.25rem; }
.varde-snackbar__close:focus-visible { outline: 2px solid currentColor; outline-offset: 2px; }
`;
