/** Asks before a user is deleted (admin-modules spec: "Delete asks confirmation"). */
import { useRef } from 'react';
import type { ManagedUser } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';
import { useElementEvent } from '../shared/useElementEvent.js';

export interface DeleteUserDialogProps {
  user: ManagedUser | null;
  busy: boolean;
  t: WidgetTranslate;
  onCancel: () => void;
  onConfirm: (user: ManagedUser) => void;
}

export function DeleteUserDialog({ user, busy, t, onCancel, onConfirm }: DeleteUserDialogProps) {
  const dialog = useRef<HTMLElement>(null);
  useElementEvent(dialog, 'sl-request-close', (event) => {
    if (event.target !== dialog.current) return;
    if (busy) event.preventDefault();
    else onCancel();
  });
  return (
    <sl-dialog ref={dialog} label={t('confirmDeleteTitle')} open={user !== null} part="delete-dialog" className="varde-user-admin__dialog">
      <p className="varde-user-admin__confirm-text">{user ? t('confirmDelete', { name: user.name, username: user.username }) : ''}</p>
      <sl-button slot="footer" onClick={onCancel} disabled={busy} part="cancel-delete-button">
        {t('cancel')}
      </sl-button>
      <sl-button slot="footer" variant="danger" loading={busy} onClick={() => user && onConfirm(user)} part="confirm-delete-button">
        {t('delete')}
      </sl-button>
    </sl-dialog>
  );
}
