import { useEffect } from 'react';
import { UserDetailWidget, userDetailView } from '@varde/widgets/userDetail/Component.js';
import type { RouteProps } from '../../app/routeProps.js';
import { navigate, useLocation } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { PageFrame } from '../../shell/PageFrame.js';

/**
 * /administrate/{id} and its sub-pages /administrate/{id}/sites/, accesses/, role/ and
 * licensingpartners/ (with the listitems query). `undefined` as id goes back to /administrate.
 */
export function UserDetailPage({ params }: RouteProps) {
  const t = useTexts(['menu', 'portal']);
  const { search } = useLocation();
  const id = params.id ?? '';
  const view = userDetailView(params.section);

  useEffect(() => {
    if (id === 'undefined') navigate('/administrate', { replace: true });
  }, [id]);
  if (id === 'undefined') return null;

  return (
    <PageFrame className="administrate-page" title={t('menu:userAdministration')}>
      <UserDetailWidget
        userId={id}
        view={view}
        listItems={search.get('listitems') ?? undefined}
        onNavigate={(detail) => {
          const base = `/administrate/${encodeURIComponent(detail.userId)}`;
          if (detail.view === 'list') navigate('/administrate');
          else navigate(detail.view === 'overview' ? base : `${base}/${detail.view}/`);
        }}
      />
    </PageFrame>
  );
}
