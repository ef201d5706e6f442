/**
 * UserAdminWidget (<varde-user-admin>): user administration (admin-modules spec, "User
 * administration"): a searchable table of the users one manages with edit and delete (after
 * confirmation), and the add-user dialog with the create-user form's rules.
 */
import { useCallback, useState } from 'react';
import { deleteUser } from '@varde/core';
import { canAddUsers, type ManagedUser } from '@varde/core/contract';
import { userCreatedDetail } from '../createUser/Component.js';
import type { UserCreatedDetail } from '../createUser/events.js';
import { createUserStyles } from '../createUser/styles.js';
import { useVardeEvents } from '../shared/events.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import { AddUserDialog } from './AddUserDialog.js';
import { DeleteUserDialog } from './DeleteUserDialog.js';
import type { UserDeletedDetail, UserEditDetail } from './events.js';
import { loadUserAdminShoelaceParts } from './shoelace.js';
import { Snackbar, snackbarStyles, useSnackbar } from '../shared/Snackbar.js';
import { userAdminStrings } from './strings.js';
import { userAdminStyles } from './styles.js';
import { useManagedUsers } from './useManagedUsers.js';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { UserTable } from './UserTable.js';

export interface UserAdminWidgetProps {
  /** React callers: a row's edit action (the portal navigates to /administrate/{uid}); also the `varde-user-edit` event. */
  onEditUser?: ((detail: UserEditDetail) => void) | undefined;
  onUserCreated?: ((detail: UserCreatedDetail) => void) | undefined;
  onUserDeleted?: ((detail: UserDeletedDetail) => void) | undefined;
}

export function UserAdminWidget(props: UserAdminWidgetProps) {
  const { t, language } = useWidgetTranslation(userAdminStrings);
  const { rootRef, emit } = useVardeEvents();
  const ready = useShoelaceParts(loadUserAdminShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in' && snapshot.user !== null;
  const [search, setSearch] = useState('');
  const { state, query, loadMore, reload } = useManagedUsers(signedIn && session ? session.http : null, signedIn ? snapshot.tokensVersion : undefined, search);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<ManagedUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const snackbar = useSnackbar();
  const { onEditUser, onUserCreated, onUserDeleted } = props;

  const edit = useCallback(
    (user: ManagedUser) => {
      const detail = { uid: user.uid, username: user.username };
      emit('varde-user-edit', detail);
      onEditUser?.(detail);
    },
    [emit, onEditUser],
  );

  const created = useCallback(
    (user: ManagedUser) => {
      setAdding(false);
      snackbar.show(t('users:userCreated'));
      reload();
      const detail = userCreatedDetail(user, null);
      emit('varde-user-created', detail);
      onUserCreated?.(detail);
    },
    [emit, onUserCreated, reload, snackbar, t],
  );

  async function confirmDelete(user: ManagedUser) {
    if (!session) return;
    setDeleting(true);
    try {
      await deleteUser(session.http, user.uid);
      snackbar.show(t('users:userDeleted'));
      const detail = { uid: user.uid, username: user.username };
      emit('varde-user-deleted', detail);
      onUserDeleted?.(detail);
      reload();
    } catch {
      snackbar.show(t('users:deleteFailed'), 'error');
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  let body;
  if (!snapshot || snapshot.state === 'loading' || !ready) {
    body = <WidgetState kind="loading" text={t('loading')} />;
  } else if (!signedIn || !session || !snapshot.user) {
    body = <SignedOutPrompt text={t('signInFirst')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />;
  } else {
    const actor = snapshot.user;
    body = (
      <>
        <div className="varde-user-admin__toolbar">
          <sl-input
            part="search-input"
            className="varde-user-admin__search"
            type="search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            clearable
            value={search}
            // sl-input: typing and the clear button (React 19 and preact listen to `on<event>` as written).
            onsl-input={(event: Event) => setSearch((event.target as HTMLInputElement).value ?? '')}
          />
          {canAddUsers(actor.role, actor.systemAdmin) ? (
            <sl-button variant="primary" part="add-user-button" onClick={() => setAdding(true)}>
              {t('addUser')}
            </sl-button>
          ) : null}
        </div>
        {state.status === 'loading' ? (
          <WidgetState kind="loading" text={t('loading')} onRetry={reload} />
        ) : state.status === 'error' ? (
          <ErrorState error={state.error} missing={t('missing')} onRetry={reload} />
        ) : state.users.length === 0 ? (
          <p className="varde-user-admin__empty" part="empty">
            {query ? t('search:noResults', { user_content: query }) : t('noUsers')}
          </p>
        ) : (
          <>
            <UserTable users={state.users} t={t} onEdit={edit} onDelete={setToDelete} />
            <div className="varde-user-admin__footer">
              <span part="count">{t('count', { shown: state.users.length, total: state.total })}</span>
              {state.users.length < state.total ? (
                <sl-button size="small" loading={state.loadingMore} onClick={loadMore} part="show-more-button">
                  {t('showMore')}
                </sl-button>
              ) : null}
            </div>
          </>
        )}
        <AddUserDialog
          open={adding}
          session={session}
          actor={actor}
          tokensVersion={snapshot.tokensVersion}
          onClose={() => setAdding(false)}
          onCreated={created}
        />
        <DeleteUserDialog user={toDelete} busy={deleting} t={t} onCancel={() => setToDelete(null)} onConfirm={(user) => void confirmDelete(user)} />
      </>
    );
  }

  return (
    <WidgetRoot styles={`${createUserStyles}\n${userAdminStyles}\n${snackbarStyles}\n${widgetStateStyles}`} className="varde-user-admin" rootRef={rootRef} lang={language}>
      {body}
      <Snackbar message={snackbar.message} onClose={snackbar.dismiss} closeLabel={t('close')} />
    </WidgetRoot>
  );
}
