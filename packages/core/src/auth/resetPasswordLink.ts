import { HttpError } from '../http/HttpError.js';

/**
 * The e-mailed reset link ends in `#uuid=…&ticket=…`. Reads both from a URL hash; the ticket is
 * URL-decoded before sending (spec). Null when either is missing (the page then logs out).
 */
export function parseResetPasswordHash(hash: string): { uuid: string; ticket: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const uuid = params.get('uuid');
  const ticket = params.get('ticket');
  if (!uuid || !ticket) return null;
  return { uuid, ticket };
}

/** Why the auth server refused a reset link, as a resetPassword catalogue key (the page speaks one language). */
export type ResetLinkProblem = 'linkUsed' | 'linkExpired' | 'linkInvalid';

const REFUSALS: [RegExp, ResetLinkProblem][] = [
  [/already been used/i, 'linkUsed'],
  [/expired/i, 'linkExpired'],
  [/not valid/i, 'linkInvalid'],
];

/** The reason of a 4xx answer to POST /resetPassword, or null (the page then says only that it failed). */
export function resetLinkProblem(error: unknown): ResetLinkProblem | null {
  if (!(error instanceof HttpError) || error.status >= 500) return null;
  return REFUSALS.find(([pattern]) => pattern.test(error.detail ?? ''))?.[1] ?? null;
}
