import { LicensesWidget } from '@varde/widgets/licenses/Component.js';
import { useTexts } from '../../shell/useTexts.js';

/** /licenses: licence administration for the user's licensing partners (the module gate is `licensing`). */
export function LicensesPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page licenses-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:licenses')}</h1>
      <LicensesWidget />
    </section>
  );
}
