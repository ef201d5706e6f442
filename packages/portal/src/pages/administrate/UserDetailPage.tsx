import type { RouteProps } from '../../app/routes.js';
import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /administrate/{id} and its sub-pages sites, accesses, role, licensingpartners (placeholder). */
export function UserDetailPage({ params }: RouteProps) {
  return (
    <ModulePlaceholder titleKey="menu:userAdministration">
      <p data-testid="user-detail-id">{params.id}</p>
    </ModulePlaceholder>
  );
}
