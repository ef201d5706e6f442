import type { LanguageCode as Language, NotificationRule, NotificationRules, RuleChannel } from '@varde/core/contract';

/**
 * The name of a rule that was given none (an older client, a rule file without names, a rule stored
 * before rules had names): what it does, in `language`. The Norwegian words are also those of
 * migration 260-rule-names, which named the rules stored before.
 */
export function defaultRuleName(language: Language, rule: { channeltype: readonly RuleChannel[]; threshold: number }): string {
  const words = {
    en: { sms: 'SMS', mail: 'E-mail', both: 'SMS and e-mail', after: 'after' },
    no: { sms: 'SMS', mail: 'E-post', both: 'SMS og e-post', after: 'etter' },
    se: { sms: 'SMS', mail: 'E-post', both: 'SMS och e-post', after: 'efter' },
  }[language];
  const sms = rule.channeltype.includes('sms');
  const mail = rule.channeltype.includes('mail');
  const channels = sms && mail ? words.both : sms ? words.sms : words.mail;
  return `${channels} ${words.after} ${rule.threshold} min`;
}

/**
 * Every rule of `next` with a name: its own, else the stored rule's of the same id (a client that
 * does not know names keeps them), else one derived in the caller's language.
 */
export function withNames(next: NotificationRules, current: NotificationRules, language: Language): NotificationRules {
  const named: NotificationRules = {};
  for (const [id, rule] of Object.entries(next)) named[id] = { ...rule, name: nameOf(rule, current[id], language) };
  return named;
}

export function nameOf(rule: NotificationRule, stored: NotificationRule | undefined, language: Language): string {
  return rule.name ?? stored?.name ?? defaultRuleName(language, rule);
}
