import { CloudFunctionsWidget } from '@varde/widgets/cloudFunctions/Component.js';
import { useTexts } from '../../shell/useTexts.js';

/** /cloud-functions: the cloud functions list and editor (the varde-cloud-functions widget). */
export function CloudFunctionsPage() {
  const t = useTexts(['menu']);
  return (
    <section className="page cloud-functions-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:cloudFunctions')}</h1>
      <CloudFunctionsWidget />
    </section>
  );
}
