/** The statuses /webpmperror explains (core-shell §2 "Error page texts"); anything else is "other". */
export type ExplainedStatus = '502' | '504' | '500' | 'other';

export function explainedStatus(status: string | null): ExplainedStatus {
  return status === '502' || status === '504' || status === '500' ? status : 'other';
}

/** The code as shown: a three-digit HTTP status, else nothing (never arbitrary query text). */
export function shownCode(status: string | null): string | null {
  return status && /^[1-5]\d\d$/.test(status) ? status : null;
}
