import { SitePageWidget } from '@varde/widgets/sitePage/Component.js';
import { navigate } from '../../app/router.js';
import type { RouteProps } from '../../app/routeProps.js';
import { session } from '../../app/session.js';
import { PageFrame } from '../../shell/PageFrame.js';

/**
 * /sites/:uuid: one site (live values, trend, active alarms, rules). "Open the controller" goes, by the
 * settings' `controllerLinks`, to the portal's controller view (/dashboards?site=…, through the cloud's
 * proxy by path: works without a wildcard host name, the reference cloud's default) or to the site's
 * own host name (production, where the sites have one).
 */
export function SitePage({ params }: RouteProps) {
  return (
    // The widget's h1 names the site (in the frame's title size, --varde-page-title-size).
    <PageFrame className="site-page" label={params.uuid}>
      <SitePageWidget
        siteUuid={params.uuid ?? ''}
        controllerHref={session.settings.controllerLinks === 'proxy' ? '/dashboards?site={uuid}' : undefined}
        alarmsHref="/alarms?site={uuid}"
        rulesHref="/notifications"
        onNavigate={(detail) => {
          navigate(detail.href);
          return false;
        }}
      />
    </PageFrame>
  );
}
