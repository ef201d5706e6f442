import type { NotificationRule } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import type { RulesAccess } from './useSiteData.js';

/**
 * The site's notification rules: each rule's name, and under it after how long, which channels, how many users. When
 * the rules could not be read it says so (refused: which access is missing; failed), never "no rules",
 * and offers no link to a page that would refuse too.
 */
export function SiteRules({ rules, access = 'ok', t, children }: { rules: readonly NotificationRule[]; access?: RulesAccess; t: WidgetTranslate; children?: React.ReactNode }) {
  if (access !== 'ok') {
    return (
      <section className="varde-site-page__card" aria-labelledby="varde-site-rules" part="rules" data-access={access}>
        <h2 id="varde-site-rules" className="varde-site-page__heading">{t('rules')}</h2>
        <p>{access === 'refused' ? t('rulesRefused') : t('rulesFailed')}</p>
      </section>
    );
  }
  return (
    <section className="varde-site-page__card" aria-labelledby="varde-site-rules" part="rules">
      <h2 id="varde-site-rules" className="varde-site-page__heading">{t('rules')}</h2>
      {rules.length === 0 ? (
        <p>{t('noRules')}</p>
      ) : (
        <ul className="varde-site-page__rules">
          {rules.map((rule) => (
            <li key={rule.ruleId} data-rule-id={rule.ruleId}>
              {rule.name ? <span className="varde-site-page__rule-name" data-rule-name>{rule.name}</span> : null}
              <span>{t('rule', { threshold: rule.threshold, channels: rule.channeltype.map((channel) => t(channel)).join(', '), count: rule.users.length })}</span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
