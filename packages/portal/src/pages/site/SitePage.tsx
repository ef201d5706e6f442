import { SitePageWidget } from '@varde/widgets/sitePage/Component.js';
import { navigate } from '../../app/router.js';
import type { RouteProps } from '../../app/routeProps.js';

/**
 * /sites/:uuid: one site (live values, trend, active alarms, rules). "Open the controller" goes to the
 * portal's controller view (/dashboards?site=…), which reaches the controller through the cloud's
 * proxy by path: it works without a wildcard host name for the sites.
 */
export function SitePage({ params }: RouteProps) {
  return (
    <section className="page site-page" aria-label={params.uuid}>
      <SitePageWidget
        siteUuid={params.uuid ?? ''}
        controllerHref="/dashboards?site={uuid}"
        alarmsHref="/alarms"
        rulesHref="/notifications"
        onNavigate={(detail) => {
          navigate(detail.href);
          return false;
        }}
      />
    </section>
  );
}
