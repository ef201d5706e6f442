/** `varde-rules-change`: a site's rules were saved or deleted through the widget. */
export interface RulesChangeDetail {
  siteUuid: string;
  action: 'save' | 'delete' | 'delete-all';
  /** The rule saved or deleted (absent for delete-all). */
  ruleId?: string;
  /** How many rules the site has now. */
  ruleCount: number;
}

/** `varde-rule-test`: a rule test answered (status 200: see sent/skipped; other: the test failed). */
export interface RuleTestDetail {
  siteUuid: string;
  ruleId: string;
  status: number;
  /** Messages sent, and skipped (e.g. an SMS to a user with no phone number), when the test answered 200. */
  sent?: number;
  skipped?: number;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-rules-change': RulesChangeDetail;
    'varde-rule-test': RuleTestDetail;
  }
}
