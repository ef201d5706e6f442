/** `varde-rules-change`: a site's rules were saved or deleted through the widget. */
export interface RulesChangeDetail {
  siteUuid: string;
  action: 'save' | 'delete' | 'delete-all';
  /** The rule saved or deleted (absent for delete-all). */
  ruleId?: string;
  /** How many rules the site has now. */
  ruleCount: number;
}

/** `varde-rule-test`: a rule test answered (status 200 sent, 500 a user cannot be reached, other: failed). */
export interface RuleTestDetail {
  siteUuid: string;
  ruleId: string;
  status: number;
  /** The error code of a 500 answer. */
  errorCode?: string;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-rules-change': RulesChangeDetail;
    'varde-rule-test': RuleTestDetail;
  }
}
