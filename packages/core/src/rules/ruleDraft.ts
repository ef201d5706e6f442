import * as z from 'zod/mini';
import {
  notificationRule,
  ruleName,
  RULE_THRESHOLD_DEFAULT,
  type NotificationRule,
  type NotificationRules,
  type RuleChannel,
} from '../contract/rules.js';
import { newRuleId } from '../contract/rules.js';

/** What the rule dialog edits; `threshold` is whatever the slider or a field gave (parsed as an integer). */
export interface RuleDraft {
  ruleId: string;
  /** What the name field holds (trimmed when saved). */
  name: string;
  channeltype: RuleChannel[];
  threshold: number | string;
  users: string[];
}

/** A new rule for a site: a fresh id, no name yet, both channels off, no users, the default threshold (20). */
export function newRuleDraft(siteUuid: string, random?: () => number): RuleDraft {
  return { ruleId: newRuleId(siteUuid, random), name: '', channeltype: [], threshold: RULE_THRESHOLD_DEFAULT, users: [] };
}

export function draftOf(rule: NotificationRule): RuleDraft {
  return { ruleId: rule.ruleId, name: rule.name ?? '', channeltype: [...rule.channeltype], threshold: rule.threshold, users: [...rule.users] };
}

/** What the editor saves: the contract's rule with a name required (the API takes rules without one from older clients). */
const namedRule = z.extend(notificationRule, { name: ruleName });

/** Field errors of a draft, in the spec's words; empty when it can be saved. */
export interface RuleDraftErrors {
  channeltype?: string;
  users?: string;
  threshold?: string;
  ruleId?: string;
  name?: string;
}

/**
 * Checks a draft with the contract's own schema (the server runs the same one), plus users that the
 * dialog does not know (`knownUsers`, when given: an id typed or pasted that is not a user of the site).
 */
export function validateRuleDraft(
  draft: RuleDraft,
  knownUsers?: ReadonlySet<string>,
): { ok: true; rule: NotificationRule } | { ok: false; errors: RuleDraftErrors } {
  const errors: RuleDraftErrors = {};
  const parsed = namedRule.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'channeltype' || field === 'users' || field === 'threshold' || field === 'ruleId' || field === 'name') errors[field] ??= issue.message;
    }
  }
  if (knownUsers && !errors.users) {
    const unknown = draft.users.find((uid) => !knownUsers.has(uid));
    if (unknown !== undefined) errors.users = `Unknown user id ${unknown}`;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, rule: parsed.data };
  // A failure outside the five fields (cannot happen with the dialog's drafts) still blocks saving.
  if (Object.keys(errors).length === 0) errors.ruleId = parsed.success ? 'Invalid rule' : parsed.error.issues[0]?.message ?? 'Invalid rule';
  return { ok: false, errors };
}

/** The site's rules with one rule added or replaced (kept in place when it existed). */
export function withRule(rules: NotificationRules, rule: NotificationRule): NotificationRules {
  return { ...rules, [rule.ruleId]: rule };
}

export function withoutRule(rules: NotificationRules, ruleId: string): NotificationRules {
  const next = { ...rules };
  delete next[ruleId];
  return next;
}

/** The snackbar text of a failed call: 'Error: {status}{statusText}' (spec, verbatim: no space between them). */
export function ruleFailureText(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number') {
    const { status, statusText } = error as { status: number; statusText?: string };
    return `Error: ${status}${statusText ?? ''}`;
  }
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

/** The snackbar time of the rule pages (spec: 3 s for rules). */
export const RULE_SNACKBAR_MS = 3000;
