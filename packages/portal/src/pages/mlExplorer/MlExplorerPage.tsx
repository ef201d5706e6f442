import { MlExplorerWidget } from '@varde/widgets/mlExplorer/Component.js';
import { useTexts } from '../../shell/useTexts.js';

/** /ml-explorer: anomaly models, their versions and training (the varde-ml-explorer widget). */
export function MlExplorerPage() {
  const t = useTexts(['menu']);
  return (
    <section className="page ml-explorer-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:mlExplorer')}</h1>
      <MlExplorerWidget />
    </section>
  );
}
