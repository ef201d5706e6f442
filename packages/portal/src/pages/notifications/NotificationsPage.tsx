import { RuleEditorWidget } from '@varde/widgets/ruleEditor/Component.js';
import { useTexts } from '../../shell/useTexts.js';
import { EscalationPolicies } from '../escalation/EscalationPolicies.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** /notifications: notification rules per site (the rule editor widget) and the escalation policies, gated on the users module by the route table. */
export function NotificationsPage() {
  const t = useTexts(['menu', 'portal']);
  return (
    <PageFrame className="notifications-page" title={t('menu:notifications')}>
      <RuleEditorWidget />
      {/* Issue 35: what happens when nobody acknowledges, beside the rules that tell people first. */}
      <EscalationPolicies />
    </PageFrame>
  );
}
