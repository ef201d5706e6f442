/** A yes/no question in a Shoelace dialog (never window.confirm): delete a connection, leave with unsaved changes. */
import { useRef } from 'react';
import '../shared/shoelaceElements.js';
import { useElementEvent } from '../shared/useElementEvent.js';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, as text. */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Names the dialog for tests and CSS: part `<name>-dialog`, data-dialog. */
  name: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, message, confirmLabel, cancelLabel, name, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLElement>(null);
  useElementEvent(dialog, 'sl-request-close', (event) => {
    if (event.target !== dialog.current) return;
    if (busy) event.preventDefault();
    else onCancel();
  });
  return (
    <sl-dialog ref={dialog} label={message} open={open} part={`${name}-dialog`} data-dialog={name} className="varde-bim-mapper__dialog">
      <p className="varde-bim-mapper__dialog-text" data-dialog-text>{message}</p>
      <sl-button slot="footer" onClick={onCancel} disabled={busy} data-action={`${name}-cancel`}>
        {cancelLabel}
      </sl-button>
      <sl-button slot="footer" variant="danger" loading={busy} onClick={onConfirm} data-action={`${name}-confirm`}>
        {confirmLabel}
      </sl-button>
    </sl-dialog>
  );
}
