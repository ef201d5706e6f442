import { SiteListWidget } from '@varde/widgets/siteList/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { insideMobileApp } from '../../app/insideMobileApp.js';
import { navigate } from '../../app/router.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /sites: the user's sites (infinite scroll, status, alarm summary); a site's name opens its page (/sites/:uuid). */
export function SitesPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <PageFrame className="sites-page" title={t('menu:sites')}>
      <SiteListWidget
        mobileApp={insideMobileApp()}
        siteHref="/sites/{uuid}"
        onSiteOpen={(detail) => {
          navigate(detail.url);
          return false;
        }}
      />
    </PageFrame>
  );
}
