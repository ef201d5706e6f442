import { UserAdminWidget } from '@varde/widgets/userAdmin/Component.js';
import { navigate } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { AdministrationTabs } from './AdministrationTabs.js';

/** /administrate: user administration (searchable table, add-user dialog, edit and delete). */
export function AdministratePage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page administrate-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:userAdministration')}</h1>
      <AdministrationTabs current="people" />
      <UserAdminWidget onEditUser={({ uid }) => navigate(`/administrate/${encodeURIComponent(uid)}`)} />
    </section>
  );
}
