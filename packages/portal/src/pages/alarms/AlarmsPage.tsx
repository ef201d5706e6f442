import { AlarmTableWidget } from '@varde/widgets/alarmTable/Component.js';
import { SiteAlarmCardsWidget } from '@varde/widgets/siteAlarmCards/Component.js';
import { hrefFor, navigate } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';

/** /alarms: the alarm table of every connected site (links to the map), then the per-site alarm cards. */
export function AlarmsPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page alarms-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:alarms')}</h1>
      <AlarmTableWidget
        mapHref={hrefFor('/alarms/map')}
        onNavigate={() => {
          navigate('/alarms/map');
          return false;
        }}
      />
      <div className="alarms-page__cards">
        <SiteAlarmCardsWidget />
      </div>
    </section>
  );
}
