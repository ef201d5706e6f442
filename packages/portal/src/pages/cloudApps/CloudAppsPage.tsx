import { CloudAppsWidget } from '@varde/widgets/cloudApps/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /cloud-apps: mappings, their tables and tag mappings (the varde-cloud-apps widget). */
export function CloudAppsPage() {
  const t = useTexts(['menu']);
  return (
    <PageFrame className="cloud-apps-page" title={t('menu:cloudApps')}>
      <CloudAppsWidget />
    </PageFrame>
  );
}
