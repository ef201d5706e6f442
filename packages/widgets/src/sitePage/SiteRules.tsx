import type { NotificationRule } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

/** The site's notification rules, each in one line: after how long, which channels, how many users. */
export function SiteRules({ rules, t, children }: { rules: readonly NotificationRule[]; t: WidgetTranslate; children?: React.ReactNode }) {
  return (
    <section className="varde-site-page__card" aria-labelledby="varde-site-rules" part="rules">
      <h2 id="varde-site-rules" className="varde-site-page__heading">{t('rules')}</h2>
      {rules.length === 0 ? (
        <p>{t('noRules')}</p>
      ) : (
        <ul className="varde-site-page__rules">
          {rules.map((rule) => (
            <li key={rule.ruleId} data-rule-id={rule.ruleId}>
              {t('rule', { threshold: rule.threshold, channels: rule.channeltype.map((channel) => t(channel)).join(', '), count: rule.users.length })}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
