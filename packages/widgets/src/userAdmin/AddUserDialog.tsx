/** The add-user dialog of user administration: the create-user form, with the same rules as the embedded one. */
import { useRef } from 'react';
import type { Session } from '@varde/core';
import type { ManagedUser, UserData } from '@varde/core/contract';
import { CreateUserForm } from '../createUser/CreateUserForm.js';
import { createUserStrings } from '../createUser/strings.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';
import { useElementEvent } from '../shared/useElementEvent.js';

export interface AddUserDialogProps {
  open: boolean;
  session: Session;
  actor: UserData;
  tokensVersion: number;
  onClose: () => void;
  onCreated: (user: ManagedUser) => void;
}

export function AddUserDialog(props: AddUserDialogProps) {
  const { t } = useWidgetTranslation(createUserStrings);
  const dialog = useRef<HTMLElement>(null);
  // Escape, the close button or a click outside: the dialog asks, the widget closes it.
  useElementEvent(dialog, 'sl-request-close', (event) => {
    if (event.target !== dialog.current) return;
    props.onClose();
  });
  return (
    <sl-dialog ref={dialog} label={t('title')} open={props.open} part="add-user-dialog" className="varde-user-admin__dialog">
      {props.open ? (
        <CreateUserForm
          session={props.session}
          actor={props.actor}
          tokensVersion={props.tokensVersion}
          t={t}
          requirePassword={false}
          inlineSuccess={false}
          onCreated={props.onCreated}
          onCancel={props.onClose}
        />
      ) : null}
    </sl-dialog>
  );
}
