/** The user detail's rows: username, name, phone, password, sites, accesses, role, licensing partners. */
import { describeError, updateUser, type Session } from '@varde/core';
import { userEmail, type ManagedUser, type UpdateUserRequest } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';
import { EditableRow } from './EditableRow.js';
import type { UserDetailView } from './events.js';
import { PasswordRow } from './PasswordRow.js';

export interface OverviewProps {
  session: Session;
  user: ManagedUser;
  /** System admin, Admin or PowerUser: password editing is shown. */
  mayEditPassword: boolean;
  t: WidgetTranslate;
  roleLabel: string;
  onUser: (user: ManagedUser) => void;
  onOpen: (view: UserDetailView) => void;
  notify: (text: string, kind?: 'success' | 'error') => void;
}

const PHONE = /^[+0-9 ()-]*$/;

export function Overview({ session, user, mayEditPassword, t, roleLabel, onUser, onOpen, notify }: OverviewProps) {
  const save = (patch: UpdateUserRequest) => async () => {
    try {
      onUser(await updateUser(session.http, user.uid, patch));
      notify(t('saved'));
    } catch (error) {
      throw new Error(t('saveFailed', { message: describeError(error) }));
    }
  };
  const count = (map: Record<string, true>) => Object.keys(map).length;
  const summary = (view: UserDetailView, label: string, value: string) => (
    <div className="varde-user-detail__row" data-row={view} part={`row row-${view}`}>
      <dt>{label}</dt>
      <dd>
        <span className="varde-user-detail__value" part={`${view}-value`}>
          {value}
        </span>
        <sl-button size="small" onClick={() => onOpen(view)} part={`open-${view}-button`}>
          {t('edit')}
          <span className="varde-sr-only">{` ${label}`}</span>
        </sl-button>
      </dd>
    </div>
  );

  return (
    <dl className="varde-user-detail__rows" part="rows">
      <EditableRow
        field="username"
        label={t('username')}
        type="email"
        value={user.username}
        t={t}
        validate={(value) => (!value ? 'fieldRequired' : userEmail.safeParse(value).success ? null : 'emailInvalid')}
        onSave={(value) => save({ username: value })()}
      />
      <EditableRow
        field="name"
        label={t('name')}
        value={user.name}
        t={t}
        validate={(value) => (value ? null : 'fieldRequired')}
        onSave={(value) => save({ name: value })()}
      />
      <EditableRow
        field="phone"
        label={t('phone')}
        type="tel"
        value={user.phone ?? ''}
        t={t}
        validate={(value) => (PHONE.test(value) ? null : 'createUser:phoneInvalid')}
        onSave={(value) => save({ phone: value })()}
      />
      {mayEditPassword ? <PasswordRow session={session} user={user} t={t} notify={notify} /> : null}
      {summary('sites', t('sites'), count(user.controllers) ? t('sitesCount', { count: count(user.controllers) }) : t('none'))}
      {summary('accesses', t('accesses'), count(user.moduleAccesses) ? t('modulesCount', { count: count(user.moduleAccesses) }) : t('none'))}
      {summary('role', t('role'), roleLabel)}
      {summary(
        'licensingpartners',
        t('licensingPartners'),
        count(user.licensingPartners) ? t('partnersCount', { count: count(user.licensingPartners) }) : t('none'),
      )}
    </dl>
  );
}
