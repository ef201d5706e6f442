import { MlExplorerWidget } from '@varde/widgets/mlExplorer/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /ml-explorer: anomaly models, their versions and training (the varde-ml-explorer widget). */
export function MlExplorerPage() {
  const t = useTexts(['menu']);
  return (
    <PageFrame className="ml-explorer-page" title={t('menu:mlExplorer')}>
      <MlExplorerWidget />
    </PageFrame>
  );
}
