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
