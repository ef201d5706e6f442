/**
 * CreateUserWidget (<varde-create-user>): the add-user form a controller frame embeds. The
 * controller comes from the `controller-id` attribute, else the page's `chainId` query or its
 * `#controller` hash; the form is offered only to an Admin, PowerUser or User with access to that
 * controller, and that controller is selected in site access at the start.
 */
import { useCallback, useMemo } from 'react';
import type { ManagedUser } from '@varde/core/contract';
import { useVardeEvents } from '../shared/events.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import { createUserAccess } from './access.js';
import { CreateUserForm } from './CreateUserForm.js';
import type { UserCreatedDetail } from './events.js';
import { loadCreateUserShoelaceParts } from './shoelace.js';
import { createUserStrings } from './strings.js';
import { createUserStyles } from './styles.js';
import { useControllerId } from './useControllerId.js';

export interface CreateUserWidgetProps {
  /** The controller (site uuid) the form is embedded for; default: `chainId` query or `#controller` hash of the page. */
  controllerId?: string | undefined;
  /** React callers: the same detail as the `varde-user-created` event. */
  onUserCreated?: ((detail: UserCreatedDetail) => void) | undefined;
}

export function userCreatedDetail(user: ManagedUser, controllerId: string | null): UserCreatedDetail {
  return {
    uid: user.uid,
    username: user.username,
    name: user.name,
    role: user.role,
    controllers: Object.keys(user.controllers),
    controllerId,
  };
}

export function CreateUserWidget(props: CreateUserWidgetProps) {
  const { t, language } = useWidgetTranslation(createUserStrings);
  const { rootRef, emit } = useVardeEvents();
  const ready = useShoelaceParts(loadCreateUserShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const controllerId = useControllerId(props.controllerId);
  const preset = useMemo(() => (controllerId ? [controllerId] : []), [controllerId]);
  const { onUserCreated } = props;

  const created = useCallback(
    (user: ManagedUser) => {
      const detail = userCreatedDetail(user, controllerId);
      emit('varde-user-created', detail);
      onUserCreated?.(detail);
    },
    [controllerId, emit, onUserCreated],
  );

  let body;
  if (!session || !snapshot || snapshot.state === 'loading' || !ready) {
    body = (
      <p className="varde-create-user__status" part="status" aria-live="polite">
        <sl-spinner aria-hidden="true" /> {t('loading')}
      </p>
    );
  } else if (snapshot.state !== 'signed-in' || !snapshot.user) {
    body = (
      <p className="varde-create-user__status" part="status">
        {t('signInFirst')}
      </p>
    );
  } else {
    const access = createUserAccess(snapshot.user, controllerId);
    body =
      access === 'allowed' ? (
        <CreateUserForm
          // A new controller or user starts a fresh form.
          key={`${snapshot.uid ?? ''}:${controllerId ?? ''}`}
          session={session}
          actor={snapshot.user}
          tokensVersion={snapshot.tokensVersion}
          t={t}
          requirePassword={false}
          presetSites={preset}
          inlineSuccess
          onCreated={created}
        />
      ) : (
        <p className="varde-create-user__message varde-create-user__message--warning" role="alert" part="not-available">
          {t(access === 'no-controller' ? 'noController' : 'notAllowed')}
        </p>
      );
  }

  return (
    <WidgetRoot styles={createUserStyles} className="varde-create-user" rootRef={rootRef} lang={language}>
      <h2 className="varde-create-user__title" part="title">
        {t('title')}
      </h2>
      {body}
    </WidgetRoot>
  );
}
