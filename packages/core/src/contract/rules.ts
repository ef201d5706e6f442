import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * Notification rules (controllers-api): per site, a map of rules keyed by rule id. A rule notifies
 * its users on its channels when an alarm on the site stays active longer than its threshold.
 */

/** Channel types, as the portal stores them. */
export const RULE_CHANNELS = ['sms', 'mail'] as const;
export const ruleChannel = z.enum(RULE_CHANNELS);
export type RuleChannel = z.infer<typeof ruleChannel>;

/** The minutes slider: 5 to 120 in steps of 5, 20 by default. */
export const RULE_THRESHOLD_MIN = 5;
export const RULE_THRESHOLD_MAX = 120;
export const RULE_THRESHOLD_STEP = 5;
export const RULE_THRESHOLD_DEFAULT = 20;
/** Limits of one site's rule set (decision: the spec names none; a real site has a handful). */
export const MAX_RULES_PER_SITE = 50;
export const MAX_USERS_PER_RULE = 100;

/** The spec's validation texts, verbatim. */
export const RULE_MESSAGES = {
  noChannel: 'Velg minst en verdi',
  noUser: 'You must select at least one user',
  threshold: `Threshold must be a whole number of minutes from ${RULE_THRESHOLD_MIN} to ${RULE_THRESHOLD_MAX} in steps of ${RULE_THRESHOLD_STEP}`,
  ruleId: 'Rule id must be 1-64 letters, digits, - or _',
  name: 'The rule name must be 1-80 characters, on one line',
} as const;

/** Rule ids become keys in stored maps (and in the realtime tree of the real cloud): keep them plain. */
export const ruleIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const ruleId = z.string().check(z.regex(ruleIdPattern, RULE_MESSAGES.ruleId));

/** "The threshold parsed as an integer": a number, or a string of digits ("20"); 'abc', 3 and 121 are refused. */
export const ruleThreshold = z.pipe(
  z.union(
    [
      z.number(),
      z.pipe(
        z.string().check(z.trim(), z.regex(/^\d+$/, RULE_MESSAGES.threshold)),
        z.transform((text: string) => Number.parseInt(text, 10)),
      ),
    ],
    { error: RULE_MESSAGES.threshold },
  ),
  z
    .number({ error: RULE_MESSAGES.threshold })
    .check(
      z.int(RULE_MESSAGES.threshold),
      z.minimum(RULE_THRESHOLD_MIN, RULE_MESSAGES.threshold),
      z.maximum(RULE_THRESHOLD_MAX, RULE_MESSAGES.threshold),
      z.multipleOf(RULE_THRESHOLD_STEP, RULE_MESSAGES.threshold),
    ),
);

/** A rule's name as people read it in lists, mails and SMS: trimmed, 1–80 characters, one line. */
export const RULE_NAME_MAX = 80;
export const ruleName = z
  .string({ error: RULE_MESSAGES.name })
  .check(
    z.trim(),
    z.minLength(1, RULE_MESSAGES.name),
    z.maxLength(RULE_NAME_MAX, RULE_MESSAGES.name),
    // A line break or other control character would end a mail's subject line early.
    z.regex(/^[^\p{Cc}]*$/u, RULE_MESSAGES.name),
  );

export const notificationRule = z.object({
  ruleId,
  /**
   * The rule's name. Always in what the cloud answers; optional in what it is sent (older clients and
   * rule files have none): a rule saved without one keeps its stored name, and a new one is named from
   * its channels and threshold in the caller's language ("SMS and e-mail after 20 min").
   */
  name: z.optional(ruleName),
  channeltype: z
    .array(ruleChannel)
    .check(
      z.minLength(1, RULE_MESSAGES.noChannel),
      z.refine((list) => new Set(list).size === list.length, 'Each channel once'),
    ),
  /** Minutes an alarm must stay active before the rule's users are told. */
  threshold: ruleThreshold,
  /** User uids. */
  users: z
    .array(z.string().check(z.minLength(1), z.maxLength(128)))
    .check(
      z.minLength(1, RULE_MESSAGES.noUser),
      z.maxLength(MAX_USERS_PER_RULE),
      z.refine((list) => new Set(list).size === list.length, 'Each user once'),
    ),
});
/** A rule as sent (threshold may be a string of digits). */
export type NotificationRuleInput = z.input<typeof notificationRule>;
/** A rule as stored and answered. */
export type NotificationRule = z.output<typeof notificationRule>;

/** A site's rules, keyed by rule id (each key equals its rule's `ruleId`). */
export const notificationRules = z
  .record(z.string(), notificationRule)
  .check(
    z.refine((rules) => Object.keys(rules).length <= MAX_RULES_PER_SITE, `At most ${MAX_RULES_PER_SITE} rules per site`),
    z.superRefine((rules, ctx) => {
      for (const [key, rule] of Object.entries(rules)) {
        if (key !== rule.ruleId) ctx.addIssue({ code: 'custom', path: [key, 'ruleId'], message: 'The key must equal the rule id' });
      }
    }),
  );
export type NotificationRules = z.output<typeof notificationRules>;

/** POST /controllers/{id}/notificationrules: replaces the site's rules with `rules`. GET answers the same shape. */
export const notificationRulesBody = z.object({ rules: notificationRules });
export type NotificationRulesBody = z.output<typeof notificationRulesBody>;

/** A user a rule may notify (GET /controllers/{id}/notificationusers). */
export const ruleUser = z.object({
  uid: z.string(),
  username: z.string(),
  name: z.string(),
  phone: z.optional(z.string()),
});
export type RuleUser = z.infer<typeof ruleUser>;
export const ruleUsersResponse = z.object({ data: z.array(ruleUser) });

/** One user of a tested rule, as the test answers (field names as the portal reads them). */
export const ruleTestUser = z.object({
  userUUID: z.string(),
  username: z.string(),
  phonenumber: z.nullable(z.string()),
  email: z.string(),
});
export type RuleTestUser = z.infer<typeof ruleTestUser>;

/**
 * Why a message of a rule was not sent to a user on a channel: the user no longer exists or lost
 * the site, has no phone number (SMS), a number that is neither Norwegian nor Swedish, or an e-mail
 * address that cannot be used. A skip is an answer, never an error: the other messages still go.
 */
export const RULE_SKIP_REASONS = ['unknown-user', 'no-access', 'missing-phone-number', 'unsupported-phone-number', 'invalid-email'] as const;
export const ruleSkipReason = z.enum(RULE_SKIP_REASONS);
export type RuleSkipReason = z.infer<typeof ruleSkipReason>;

/** One message of a rule to one user on one channel: sent (to an address or number) or skipped (with why). */
export const ruleDelivery = z.object({
  userUUID: z.string(),
  username: z.string(),
  channel: ruleChannel,
  outcome: z.enum(['sent', 'skipped']),
  /** The e-mail address or phone number it went to; null when skipped. */
  to: z.nullable(z.string()),
  reason: z.optional(ruleSkipReason),
});
export type RuleDelivery = z.infer<typeof ruleDelivery>;

/**
 * The answer of a rule test, always HTTP 200 (a user who cannot be reached is a skip, not a 500):
 * `users` as the portal has always read them, and `deliveries`, per user and per channel of the
 * rule, what was sent and what was skipped and why.
 */
export const ruleTestResult = z.object({
  status: z.number().check(z.int()),
  data: z.object({
    users: z.array(ruleTestUser),
    deliveries: z.array(ruleDelivery),
  }),
});
export type RuleTestResult = z.infer<typeof ruleTestResult>;

/** POST /controllers/{id}/notificationtest: tests the rule as drafted, saved or not. */
export const ruleTestRequest = z.object({ rule: notificationRule });
export type RuleTestRequest = z.input<typeof ruleTestRequest>;

/** What caused a logged delivery: a rule test, or an alarm that stayed active past the threshold. */
export const RULE_DELIVERY_CAUSES = ['test', 'alarm'] as const;

/** One line of a rule's delivery log (GET /controllers/{id}/notificationlog/{ruleId}), newest first. */
export const ruleDeliveryLogEntry = z.extend(ruleDelivery, {
  /** ISO time of the decision. */
  at: z.string(),
  cause: z.enum(RULE_DELIVERY_CAUSES),
  /** The alarm that caused it (null for a test). */
  alarmId: z.nullable(z.string()),
});
export type RuleDeliveryLogEntry = z.infer<typeof ruleDeliveryLogEntry>;
export const ruleDeliveryLogResponse = z.object({ data: z.array(ruleDeliveryLogEntry) });
/** The log answers at most this many lines (newest first); `?limit=` asks for fewer. */
export const RULE_LOG_MAX = 500;

/** The first 8 characters of the site id + '-rule-' + 6 random characters (a-z, 0-9). */
export function newRuleId(siteUuid: string, random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += alphabet[Math.floor(random() * alphabet.length)] ?? 'a';
  return `${siteUuid.slice(0, 8)}-rule-${suffix}`;
}

/**
 * A phone number a test SMS can go to: Norwegian (+47 and 8 digits) or Swedish (+46 and 7 to 9
 * digits, the national number without its leading 0). Spaces, dashes and a `00` prefix are allowed;
 * 8 bare digits are taken as Norwegian. Answers the number as +<digits>, or null.
 */
export function normalizeNordicPhone(input: string): string | null {
  let text = input.replace(/[\s\-().]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (/^\d{8}$/.test(text)) text = `+47${text}`;
  if (/^\+47\d{8}$/.test(text)) return text;
  const swedish = /^\+46(0?)(\d{7,9})$/.exec(text);
  if (swedish) return `+46${swedish[2]}`;
  return null;
}
