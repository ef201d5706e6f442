/** The users table: username, name, phone number and the edit / delete actions. User text is rendered as text. */
import type { ManagedUser } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';

export interface UserTableProps {
  users: readonly ManagedUser[];
  t: WidgetTranslate;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
}

export function UserTable({ users, t, onEdit, onDelete }: UserTableProps) {
  return (
    <table className="varde-user-admin__table" part="table">
      <thead>
        <tr>
          <th scope="col">{t('username')}</th>
          <th scope="col">{t('name')}</th>
          <th scope="col">{t('phone')}</th>
          <th scope="col" className="varde-user-admin__actions-head">
            {t('actions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.uid} data-uid={user.uid} part="row">
            <td data-label={t('username')} className="varde-user-admin__username">
              {user.username}
              {/* Made and kept by a SCIM directory (issue 36): its name says where to change the user. */}
              {user.directory ? (
                <span className="varde-user-admin__directory" part="directory" data-directory={user.directory}>
                  {user.directory}
                </span>
              ) : null}
            </td>
            <td data-label={t('name')}>{user.name}</td>
            <td data-label={t('phone')}>{user.phone ?? ''}</td>
            <td className="varde-user-admin__actions">
              {/* The name goes into the slot (visually hidden): sl-button does not pass aria-label to its button. */}
              <sl-button size="small" onClick={() => onEdit(user)} part="edit-button">
                {t('edit')}
                <span className="varde-sr-only">{` ${user.name}`}</span>
              </sl-button>
              <sl-button
                size="small"
                variant="danger"
                outline
                onClick={() => onDelete(user)}
                part="delete-button"
              >
                {t('delete')}
                <span className="varde-sr-only">{` ${user.name}`}</span>
              </sl-button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
