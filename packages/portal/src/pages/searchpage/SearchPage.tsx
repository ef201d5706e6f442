import { TagSearchWidget } from '@varde/widgets/tagSearch/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { insideMobileApp } from '../../app/insideMobileApp.js';
import { hrefFor, navigate } from '../../app/router.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /searchpage: search every connected site's tags (and the search host); a result opens its site's page. */
export function SearchPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <PageFrame className="search-page" title={t('menu:search')}>
      <TagSearchWidget
        mobileApp={insideMobileApp()}
        siteHref={`${hrefFor('/sites/')}{uuid}`}
        onNavigate={(detail) => {
          const site = /\/sites\/([^/?#]+)$/.exec(detail.href);
          if (site) navigate(`/sites/${site[1]}`);
          return false;
        }}
      />
    </PageFrame>
  );
}
