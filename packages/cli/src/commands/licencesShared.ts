import { listLicensingPartners, type HttpClient } from '@varde/core';
import type { License, StoredLicense } from '@varde/core/contract';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import type { Column, Field } from '../output/output.js';
import type { CommandContext } from '../context.js';

/** Helpers shared by the `varde licences` commands. */
export function licensing<T>(context: CommandContext, run: (http: HttpClient) => Promise<T>): Promise<T> {
  return context.session.call('licensing', run);
}

/** The partners a command works on: --partner, or every partner the user has. */
export async function partnersOf(context: CommandContext, partner: string | undefined): Promise<string[]> {
  if (partner) return [partner];
  const partners = await licensing(context, (http) => listLicensingPartners(http));
  if (partners.length === 0) throw new CliError('You are not a licensing administrator for any partner.', EXIT.forbidden);
  return partners.map((item) => item.id);
}

/** `key=value` options (repeatable) -> an object; the type's own fields. */
export function fieldsFrom(pairs: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw usageError(`--field takes key=value, not "${pair}".`);
    fields[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  return fields;
}

export const LICENCE_COLUMNS: Column<StoredLicense>[] = [
  { header: 'Name', value: (item) => item.licenseInfo.name },
  { header: 'Issued to', value: (item) => item.licenseInfo.issuedTo },
  { header: 'Partner', value: (item) => item.licenseInfo.partner },
  { header: 'Type', value: (item) => item.licenseInfo.type },
  { header: 'Issued', value: (item) => item.licenseInfo.issueDate },
  { header: 'Expires', value: (item) => item.licenseInfo.expirationDate },
  { header: 'Hardware', value: (item) => item.licenseInfo.hardwareId },
  { header: 'Id', value: (item) => item.licenseInfo.id, full: true },
  { header: 'Previous', value: (item) => item.licenseInfo.previousLicenseID, full: true },
];

const FIXED_FIELDS: Array<[keyof License['licenseInfo'] & string, string]> = [
  ['id', 'Id'], ['name', 'Name'], ['issuedTo', 'Issued to'], ['partner', 'Partner'], ['type', 'Type'],
  ['issueDate', 'Issue date'], ['expirationDate', 'Expiration date'], ['hardwareId', 'Hardware id'],
  ['administrator', 'Administrator'], ['issuedBy', 'Issued by'], ['base', 'Base'], ['locked', 'Locked'],
  ['previousLicenseID', 'Previous licence'],
];

/** A licence as label/value lines: the fixed fields, the chain, the time zone, then the type's own fields. */
export function licenceFields(license: License, extra: Field[] = []): Field[] {
  const info = license.licenseInfo as Record<string, unknown>;
  const fields: Field[] = FIXED_FIELDS.map(([key, label]) => ({ key, label, value: String(info[key] ?? '') }));
  fields.push({ key: 'chain', label: 'Chain', value: license.licenseInfo.chain.join(' <- ') });
  fields.push({ key: 'timeZone', label: 'Time zone', value: license.metadata.timeZone });
  const fixed = new Set([...FIXED_FIELDS.map(([key]) => key), 'chain']);
  for (const [key, value] of Object.entries(info)) if (!fixed.has(key)) fields.push({ key, label: key, value: String(value) });
  return [...extra, ...fields];
}
