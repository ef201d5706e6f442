import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /ml-explorer: ML models and versions (placeholder until the module is built). */
export function MlExplorerPage() {
  return <ModulePlaceholder titleKey="menu:mlExplorer" />;
}
