import { AlarmTableWidget } from '@varde/widgets/alarmTable/Component.js';
import { SiteAlarmCardsWidget } from '@varde/widgets/siteAlarmCards/Component.js';
import { hrefFor, navigate, useLocation } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { OnCallLink } from '../onCall/OnCallLink.js';
import { useOnCallTexts } from '../onCall/useOnCallTexts.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** `varde-navigate` from the table and the cards: a site's page, or the map. */
function route(detail: { href: string }): false {
  const site = /\/sites\/([^/?#]+)$/.exec(detail.href);
  navigate(site ? `/sites/${site[1]}` : '/alarms/map');
  return false;
}

/** /alarms (`?site=<uuid>`: filtered to that site, as a site page's "All alarms" opens it): the alarm table of every connected site (links to the map and each site's page), then the per-site alarm cards. */
export function AlarmsPage() {
  const t = useTexts(['menu', 'portal']);
  const onCall = useOnCallTexts();
  const siteHref = `${hrefFor('/sites/')}{uuid}`;
  const site = useLocation().search.get('site') ?? undefined;
  return (
    // Issue 35: who is told when nobody acknowledges, beside the title.
    <PageFrame className="alarms-page" title={t('menu:alarms')} actions={<OnCallLink text={onCall('onCall:whoIsOnCall')} />}>
      <AlarmTableWidget mapHref={hrefFor('/alarms/map')} siteHref={siteHref} site={site} onNavigate={route} />
      <div className="alarms-page__cards">
        {/* Every site, the customer site too: the cards count what the table and the map count (issue 37, item 1). */}
        <SiteAlarmCardsWidget siteHref={siteHref} onNavigate={route} excludeSite="" />
      </div>
    </PageFrame>
  );
}
