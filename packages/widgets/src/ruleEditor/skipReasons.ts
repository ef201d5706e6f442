import type { RuleSkipReason } from '@varde/core/contract';

/** The catalogue key that says, in the user's language, why a message was not sent (never the raw code). */
export const SKIP_REASON_KEYS: Record<RuleSkipReason, string> = {
  'unknown-user': 'reasonUnknownUser',
  'no-access': 'reasonNoAccess',
  'missing-phone-number': 'reasonMissingPhone',
  'unsupported-phone-number': 'reasonUnsupportedPhone',
  'invalid-email': 'reasonInvalidEmail',
};
