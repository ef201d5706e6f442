import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /bim: the BIM mapping tool (placeholder until the module is built). */
export function BimPage() {
  return <ModulePlaceholder titleKey="menu:bim" />;
}
