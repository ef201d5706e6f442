import type { CloudContext } from '../context.js';

/**
 * A partner's country for phone numbers written without a country code (`/partners/{id}/defaultCountry`,
 * an ISO 3166 alpha-2 code such as NO or SE); null when the partner names none or is unknown.
 */
export async function partnerCountryOf(ctx: Pick<CloudContext, 'realtime'>, partner: string | null): Promise<string | null> {
  if (!partner) return null;
  const country = await ctx.realtime.get(`/partners/${partner}/defaultCountry`);
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
}
