import { ModulePlaceholder } from '../../shell/ModulePlaceholder.js';

/** /cloud-functions: the cloud functions editor (placeholder until the module is built). */
export function CloudFunctionsPage() {
  return <ModulePlaceholder titleKey="menu:cloudFunctions" />;
}
