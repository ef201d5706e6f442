/** The role sub-page: the five roles, those outside the acting user's grant matrix disabled. */
import { roles, type ManagedUser, type Role } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';
import type { PendingChange } from './useAccessChange.js';

export interface RoleViewProps {
  user: ManagedUser;
  grantable: readonly Role[];
  pending: PendingChange | null;
  t: WidgetTranslate;
  roleLabel: (role: Role) => string;
  onChoose: (role: Role) => void;
}

export function RoleView({ user, grantable, pending, t, roleLabel, onChoose }: RoleViewProps) {
  const shown = pending?.key === 'role' ? String(pending.wished) : user.role;
  return (
    <div className="varde-user-detail__role" aria-busy={pending !== null}>
      <sl-radio-group
        label={t('role')}
        name="role"
        value={shown}
        part="role-group"
        onsl-change={(event: Event) => {
          const target = event.target as HTMLElement & { value: string };
          const chosen = target.value as Role;
          target.value = user.role;
          // A role that is already the user's is no change at all.
          if (chosen !== user.role) onChoose(chosen);
        }}
      >
        {roles.map((role) => (
          <sl-radio key={role} value={role} disabled={!grantable.includes(role) || pending !== null} data-role={role}>
            {roleLabel(role)}
          </sl-radio>
        ))}
      </sl-radio-group>
      {pending?.key === 'role' ? <sl-spinner className="varde-user-detail__pending" aria-label={t('saving')} part="pending" /> : null}
    </div>
  );
}
