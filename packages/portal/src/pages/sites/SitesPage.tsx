import { SiteListWidget } from '@varde/widgets/siteList/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { insideMobileApp } from '../../app/insideMobileApp.js';
import { navigate } from '../../app/router.js';

/** /sites: the user's sites (infinite scroll, status, alarm summary); a site's name opens its page (/sites/:uuid). */
export function SitesPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page sites-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:sites')}</h1>
      <SiteListWidget
        mobileApp={insideMobileApp()}
        siteHref="/sites/{uuid}"
        onSiteOpen={(detail) => {
          navigate(detail.url);
          return false;
        }}
      />
    </section>
  );
}
