import { LicensesWidget } from '@varde/widgets/licenses/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /licenses: licence administration for the user's licensing partners (the module gate is `licensing`). */
export function LicensesPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <PageFrame className="licenses-page" title={t('menu:licenses')}>
      <LicensesWidget />
    </PageFrame>
  );
}
