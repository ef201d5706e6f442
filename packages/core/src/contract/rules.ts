import * as z from 'zod';

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
} as const;

/** Rule ids become keys in stored maps (and in the realtime tree of the real cloud): keep them plain. */
export const ruleIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const ruleId = z.string().regex(ruleIdPattern, RULE_MESSAGES.ruleId);

/** "The threshold parsed as an integer": a number, or a string of digits ("20"); 'abc', 3 and 121 are refused. */
export const ruleThreshold = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, RULE_MESSAGES.threshold).transform((text) => Number.parseInt(text, 10))], {
    error: RULE_MESSAGES.threshold,
  })
  .pipe(
    z
      .number({ error: RULE_MESSAGES.threshold })
      .int(RULE_MESSAGES.threshold)
      .min(RULE_THRESHOLD_MIN, RULE_MESSAGES.threshold)
      .max(RULE_THRESHOLD_MAX, RULE_MESSAGES.threshold)
      .multipleOf(RULE_THRESHOLD_STEP, RULE_MESSAGES.threshold),
  );

export const notificationRule = z.object({
  ruleId,
  channeltype: z
    .array(ruleChannel)
    .min(1, RULE_MESSAGES.noChannel)
    .refine((list) => new Set(list).size === list.length, 'Each channel once'),
  /** Minutes an alarm must stay active before the rule's users are told. */
  threshold: ruleThreshold,
  /** User uids. */
  users: z
    .array(z.string().min(1).max(128))
    .min(1, RULE_MESSAGES.noUser)
    .max(MAX_USERS_PER_RULE)
    .refine((list) => new Set(list).size === list.length, 'Each user once'),
});
/** A rule as sent (threshold may be a string of digits). */
export type NotificationRuleInput = z.input<typeof notificationRule>;
/** A rule as stored and answered. */
export type NotificationRule = z.output<typeof notificationRule>;

/** A site's rules, keyed by rule id (each key equals its rule's `ruleId`). */
export const notificationRules = z
  .record(z.string(), notificationRule)
  .refine((rules) => Object.keys(rules).length <= MAX_RULES_PER_SITE, `At most ${MAX_RULES_PER_SITE} rules per site`)
  .superRefine((rules, ctx) => {
    for (const [key, rule] of Object.entries(rules)) {
      if (key !== rule.ruleId) ctx.addIssue({ code: 'custom', path: [key, 'ruleId'], message: 'The key must equal the rule id' });
    }
  });
export type NotificationRules = z.output<typeof notificationRules>;

/** POST /controllers/{id}/notificationrules: replaces the site's rules with `rules`. GET answers the same shape. */
export const notificationRulesBody = z.object({ rules: notificationRules });
export type NotificationRulesBody = z.output<typeof notificationRulesBody>;

/** A user a rule may notify (GET /controllers/{id}/notificationusers). */
export const ruleUser = z.object({
  uid: z.string(),
  username: z.string(),
  name: z.string(),
  phone: z.string().optional(),
});
export type RuleUser = z.infer<typeof ruleUser>;
export const ruleUsersResponse = z.object({ data: z.array(ruleUser) });

/** One user of a tested rule, as the test answers (field names as the portal reads them). */
export const ruleTestUser = z.object({
  userUUID: z.string(),
  username: z.string(),
  phonenumber: z.string().nullable(),
  email: z.string(),
});
export type RuleTestUser = z.infer<typeof ruleTestUser>;

/** Why a test could not be sent (answered with HTTP 500, as the real cloud does). */
export const RULE_TEST_ERROR_CODES = ['unknown-user', 'missing-phone-number', 'unsupported-phone-number', 'invalid-email'] as const;

/**
 * GET /controllers/{id}/notificationtest/{ruleId}. 200: a test e-mail and SMS went to every user.
 * 500: nothing was sent; `data.error` says which user's number or address cannot be used.
 */
export const ruleTestResult = z.object({
  status: z.number().int(),
  data: z.object({
    users: z.array(ruleTestUser),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
});
export type RuleTestResult = z.infer<typeof ruleTestResult>;

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
