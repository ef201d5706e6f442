export {
  listRuleSites,
  getSiteRules,
  saveSiteRules,
  deleteSiteRules,
  listRuleUsers,
  testRule,
  testRuleDraft,
  getRuleLog,
  type RuleTestOutcome,
  type RulesCallOptions,
} from './rulesClient.js';
export {
  newRuleDraft,
  draftOf,
  validateRuleDraft,
  withRule,
  withoutRule,
  ruleFailureText,
  RULE_SNACKBAR_MS,
  type RuleDraft,
  type RuleDraftErrors,
} from './ruleDraft.js';
export { diffRules, sameRule, isEmptyDiff, type RuleDiff } from './ruleDiff.js';
