import { setSharedSession, sharedSession } from '@varde/core';
import { LicensesWidget } from '@varde/widgets';
import { session } from '../../app/session.js';
import { useTexts } from '../../shell/useTexts.js';

/** /licenses: licence administration for the user's licensing partners (the module gate is `licensing`). */
export function LicensesPage() {
  // Widgets read the page's shared session from core; the portal's is the one.
  if (sharedSession() !== session) setSharedSession(session);
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page licenses-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('menu:licenses')}</h1>
      <LicensesWidget />
    </section>
  );
}
