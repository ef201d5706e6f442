/**
 * UserDetailWidget (<varde-user-detail>): one managed user (admin-modules spec, "User detail"): the
 * overview rows and the sub-pages sites, accesses, role and licensing partners, whose switches flip
 * one at a time with a loading indicator. The view follows the `view` prop; moving between views
 * emits `varde-user-detail-navigate` (the portal turns it into its route).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { setUserAccess, updateUser, type Session } from '@varde/core';
import { grantableRoles, type GrantKind, type ManagedUser, type ModuleKey, type Role } from '@varde/core/contract';
import { createUserStrings } from '../createUser/strings.js';
import { useVardeEvents } from '../shared/events.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useWidgetTranslation, type WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import { Snackbar, snackbarStyles, useSnackbar } from '../shared/Snackbar.js';
import { AccessToggleList, type AccessToggleItem } from './AccessToggleList.js';
import { USER_DETAIL_VIEWS, type UserDetailNavigateDetail, type UserDetailView } from './events.js';
import { FailureDialog } from './FailureDialog.js';
import { Overview } from './Overview.js';
import { RoleView } from './RoleView.js';
import { moduleItems, partnerItems, siteItems, splitKey } from './sectionItems.js';
import { loadUserDetailShoelaceParts } from './shoelace.js';
import { userDetailStrings } from './strings.js';
import { userDetailStyles } from './styles.js';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { useAccessChange } from './useAccessChange.js';
import { useUserDetail, type UserDetailData } from './useUserDetail.js';

export interface UserDetailWidgetProps {
  /** The user's uid. The literal `undefined` (a broken link) sends the page back to the list. */
  userId?: string | undefined;
  /** overview (default), sites, accesses, role or licensingpartners. */
  view?: string | undefined;
  /** Licensing partner ids (comma separated) the licensing-partners page lists; default all of the actor's. */
  listItems?: string | undefined;
  /** React callers: the same detail as `varde-user-detail-navigate`. */
  onNavigate?: ((detail: UserDetailNavigateDetail) => void) | undefined;
}

export function userDetailView(value: string | undefined): UserDetailView {
  const cleaned = (value ?? '').replace(/\/+$/, '').toLowerCase();
  return (USER_DETAIL_VIEWS as readonly string[]).includes(cleaned) ? (cleaned as UserDetailView) : 'overview';
}

export function UserDetailWidget(props: UserDetailWidgetProps) {
  const { t, language } = useWidgetTranslation(userDetailStrings);
  createUserStrings.ensure(); // role names and the phone rule
  const { rootRef, emit } = useVardeEvents();
  const ready = useShoelaceParts(loadUserDetailShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in' && snapshot.user !== null;
  const userId = props.userId ?? '';
  const brokenId = userId === 'undefined' || userId === '';
  const [view, setView] = useState<UserDetailView>(userDetailView(props.view));
  useEffect(() => setView(userDetailView(props.view)), [props.view]);
  const { state, setUser, reload } = useUserDetail(signedIn && !brokenId ? session : null, signedIn ? snapshot.tokensVersion : undefined, userId);
  const snackbar = useSnackbar();
  const { onNavigate } = props;

  const navigate = useCallback(
    (to: UserDetailView | 'list') => {
      if (to !== 'list') setView(to);
      const detail = { userId, view: to };
      emit('varde-user-detail-navigate', detail);
      onNavigate?.(detail);
    },
    [emit, onNavigate, userId],
  );

  // A link with `undefined` as id goes back to user administration.
  useEffect(() => {
    if (userId === 'undefined') navigate('list');
  }, [userId, navigate]);

  const changed = useCallback(
    (user: ManagedUser) => {
      setUser(user);
      emit('varde-user-updated', { uid: user.uid, username: user.username, role: user.role });
    },
    [setUser, emit],
  );
  const access = useAccessChange(changed);

  let body;
  if (snapshot?.state === 'signed-out') {
    body = <SignedOutPrompt text={t('signInFirst')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />;
  } else if (!snapshot || snapshot.state === 'loading' || !ready || (signedIn && !brokenId && state.status === 'loading')) {
    body = <WidgetState kind="loading" text={t('loading')} onRetry={reload} />;
  } else if (!signedIn || !session || !snapshot.user) {
    body = <SignedOutPrompt text={t('signInFirst')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />;
  } else if (brokenId) {
    body = null;
  } else if (state.status === 'error') {
    body = <ErrorState error={state.error} missing={t('missing')} onRetry={reload} />;
  } else if (state.status === 'ready') {
    const actor = snapshot.user;
    const roleLabel = (role: Role) => t(`createUser:roles.${role}`);
    const toggle = (item: AccessToggleItem, on: boolean) => {
      const [kind, key] = splitKey(item.key);
      void access.run({ key: item.key, wished: on }, () => setUserAccess(session.http, state.user.uid, kind as GrantKind, key, on));
    };
    const section = (title: string, content: ReactNode) => (
      <section className="varde-user-detail__section" aria-label={title} part={`section section-${view}`}>
        <h3 className="varde-user-detail__section-title">{title}</h3>
        {content}
      </section>
    );
    body = (
      <>
        <header className="varde-user-detail__header">
          <sl-button size="small" onClick={() => navigate(view === 'overview' ? 'list' : 'overview')} part="back-button">
            {view === 'overview' ? t('backToUsers') : t('backToUser', { name: state.user.name })}
          </sl-button>
          <h2 className="varde-user-detail__title" part="title">
            {state.user.name}
          </h2>
        </header>
        {view === 'overview' ? (
          <Overview
            session={session}
            user={state.user}
            mayEditPassword={actor.systemAdmin || actor.role === 'Admin' || actor.role === 'PowerUser'}
            t={t}
            roleLabel={roleLabel(state.user.role)}
            onUser={changed}
            onOpen={navigate}
            notify={snackbar.show}
          />
        ) : view === 'role' ? (
          section(
            t('role'),
            <RoleView
              user={state.user}
              grantable={grantableRoles(actor.role, actor.systemAdmin)}
              pending={access.pending}
              t={t}
              roleLabel={roleLabel}
              onChoose={(role) => void access.run({ key: 'role', wished: role }, () => updateUser(session.http, state.user.uid, { role }))}
            />,
          )
        ) : (
          <AccessSection view={view} data={state} session={session} listItems={props.listItems} t={t} pending={access.pending} onToggle={toggle} />
        )}
        <FailureDialog failure={access.failure} t={t} onClose={access.clearFailure} />
      </>
    );
  }

  return (
    <WidgetRoot styles={`${userDetailStyles}\n${snackbarStyles}\n${widgetStateStyles}`} className="varde-user-detail" rootRef={rootRef} lang={language}>
      {body}
      <Snackbar message={snackbar.message} onClose={snackbar.dismiss} closeLabel={t('close')} />
    </WidgetRoot>
  );
}

interface AccessSectionProps {
  view: 'sites' | 'accesses' | 'licensingpartners';
  data: UserDetailData;
  session: Session;
  listItems: string | undefined;
  t: WidgetTranslate;
  pending: ReturnType<typeof useAccessChange>['pending'];
  onToggle: (item: AccessToggleItem, on: boolean) => void;
}

function AccessSection({ view, data, session, listItems, t, pending, onToggle }: AccessSectionProps) {
  const [filter, setFilter] = useState('');
  const titles = { sites: t('sites'), accesses: t('accesses'), licensingpartners: t('licensingPartners') };
  const items =
    view === 'sites'
      ? siteItems(data.user, data.sites, data.grantable.controllers, filter)
      : view === 'accesses'
        ? moduleItems(data.user, data.grantable.moduleAccesses, session.settings.externalLinks, (key: ModuleKey) => t(`modules.${key}`))
        : partnerItems(data.user, data.grantable.licensingPartners, data.partnerNames, listItems);
  const empty = view === 'sites' && !filter ? t('noSites') : view === 'licensingpartners' ? t('noPartners') : null;
  return (
    <section className="varde-user-detail__section" aria-label={titles[view]} part={`section section-${view}`}>
      <h3 className="varde-user-detail__section-title">{titles[view]}</h3>
      {view === 'sites' ? (
        <sl-input
          size="small"
          type="search"
          clearable
          label={t('filterSites')}
          value={filter}
          className="varde-user-detail__filter"
          part="filter-input"
          onsl-input={(event: Event) => setFilter((event.target as HTMLInputElement).value ?? '')}
        />
      ) : null}
      {items.length === 0 && empty ? <p className="varde-user-detail__empty">{empty}</p> : null}
      <AccessToggleList items={items} pending={pending} t={t} label={titles[view]} onToggle={onToggle} />
    </section>
  );
}
