import { TagSearchWidget } from '@varde/widgets/tagSearch/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { insideMobileApp } from '../../app/insideMobileApp.js';
import { hrefFor, navigate } from '../../app/router.js';

/** /searchpage: search every connected site's tags (and the search host); a result opens its site's page. */
export function SearchPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page search-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:search')}</h1>
      <TagSearchWidget
        mobileApp={insideMobileApp()}
        siteHref={`${hrefFor('/sites/')}{uuid}`}
        onNavigate={(detail) => {
          const site = /\/sites\/([^/?#]+)$/.exec(detail.href);
          if (site) navigate(`/sites/${site[1]}`);
          return false;
        }}
      />
    </section>
  );
}
