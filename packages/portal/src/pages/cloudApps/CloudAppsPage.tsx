import { CloudAppsWidget } from '@varde/widgets/cloudApps/Component.js';
import { useTexts } from '../../shell/useTexts.js';

/** /cloud-apps: mappings, their tables and tag mappings (the varde-cloud-apps widget). */
export function CloudAppsPage() {
  const t = useTexts(['menu']);
  return (
    <section className="page cloud-apps-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:cloudApps')}</h1>
      <CloudAppsWidget />
    </section>
  );
}
