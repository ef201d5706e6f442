import { UserAdminWidget } from '@varde/widgets/userAdmin/Component.js';
import { navigate } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { AdministrationTabs } from './AdministrationTabs.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /administrate: user administration (searchable table, add-user dialog, edit and delete). */
export function AdministratePage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <PageFrame className="administrate-page" title={t('menu:userAdministration')}>
      <AdministrationTabs current="people" />
      <UserAdminWidget onEditUser={({ uid }) => navigate(`/administrate/${encodeURIComponent(uid)}`)} />
    </PageFrame>
  );
}
