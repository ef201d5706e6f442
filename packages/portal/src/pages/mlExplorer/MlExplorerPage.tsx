import { MlExplorerWidget } from '@varde/widgets';
import { useTexts } from '../../shell/useTexts.js';
import { useWidgetSession } from '../sites/useWidgetSession.js';

/** /ml-explorer: anomaly models, their versions and training (the varde-ml-explorer widget). */
export function MlExplorerPage() {
  useWidgetSession();
  const t = useTexts(['menu']);
  return (
    <section className="page ml-explorer-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:mlExplorer')}</h1>
      <MlExplorerWidget />
    </section>
  );
}
