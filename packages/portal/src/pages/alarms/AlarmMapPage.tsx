import { AlarmMapWidget } from '@varde/widgets';
import { hrefFor, navigate } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { insideMobileApp } from '../../app/insideMobileApp.js';
import '../sites/sitesPages.css';

/** /alarms/map: sites with active alarms on the map, with a link back to the list. */
export function AlarmMapPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page alarm-map-page" aria-labelledby="page-title">
      <h1 id="page-title">{`${t('menu:alarms')} – ${t('menu:map')}`}</h1>
      <AlarmMapWidget
        listHref={hrefFor('/alarms')}
        mobileApp={insideMobileApp()}
        onNavigate={() => {
          navigate('/alarms');
          return false;
        }}
      />
    </section>
  );
}
