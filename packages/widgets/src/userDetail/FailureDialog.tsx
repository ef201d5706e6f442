/** 'Failed to modify access' with the status (admin-modules spec, error catalogue). */
import { useRef } from 'react';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';
import { useElementEvent } from '../shared/useElementEvent.js';
import type { AccessFailure } from './useAccessChange.js';

export function FailureDialog(props: { failure: AccessFailure | null; t: WidgetTranslate; onClose: () => void }) {
  const dialog = useRef<HTMLElement>(null);
  useElementEvent(dialog, 'sl-request-close', (event) => {
    if (event.target === dialog.current) props.onClose();
  });
  return (
    <sl-dialog ref={dialog} label={props.t('users:failedToModifyAccess')} open={props.failure !== null} part="failure-dialog">
      <p className="varde-user-detail__failure" role="alert">
        {props.failure ? props.t('failedStatus', { status: props.failure.status }) : ''}
      </p>
      <sl-button slot="footer" variant="primary" onClick={props.onClose} part="failure-ok-button">
        {props.t('ok')}
      </sl-button>
    </sl-dialog>
  );
}
