import { CloudFunctionsWidget } from '@varde/widgets/cloudFunctions/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /cloud-functions: the cloud functions list and editor (the varde-cloud-functions widget). */
export function CloudFunctionsPage() {
  const t = useTexts(['menu']);
  return (
    <PageFrame className="cloud-functions-page" title={t('menu:cloudFunctions')}>
      <CloudFunctionsWidget />
    </PageFrame>
  );
}
