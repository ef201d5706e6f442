import { AlarmMapWidget } from '@varde/widgets/alarmMap/Component.js';
import { hrefFor, navigate } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { insideMobileApp } from '../../app/insideMobileApp.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /alarms/map: sites with active alarms on the map (a popup's site opens its page), with a link back to the list. */
export function AlarmMapPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <PageFrame className="alarm-map-page" title={`${t('menu:alarms')} – ${t('menu:map')}`} width="full">
      <AlarmMapWidget
        listHref={hrefFor('/alarms')}
        siteHref={`${hrefFor('/sites/')}{uuid}`}
        mobileApp={insideMobileApp()}
        onNavigate={(detail) => {
          const site = /\/sites\/([^/?#]+)$/.exec(detail.href);
          navigate(site ? `/sites/${site[1]}` : '/alarms');
          return false;
        }}
      />
    </PageFrame>
  );
}
