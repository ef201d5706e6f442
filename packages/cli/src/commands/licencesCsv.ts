import {
  checkLicenseFields,
  DEFAULT_LICENSE_TIME_ZONE,
  expirationChoices,
  generateLicenseRequest,
  describeIssues,
  isValidTimeZone,
  type GenerateLicenseRequest,
  type LicenseType,
  type StoredLicense,
} from '@varde/core/contract';
import type { InputRecord, Validation } from '../bulk/types.js';

/**
 * The licences file of `varde licences import`. CSV with a header (any order, any case), or JSON /
 * JSON Lines with the same fields. A row either renews a licence or generates a new one:
 *
 * - renew: `renew` (the licence id), optionally `partner` and `expiration` (an ISO duration the type
 *   offers; may be left out when it offers one). Everything else comes from the licence renewed.
 * - generate: `partner`, `type`, `name`, `issuedTo`, `administrator`, `hardwareId`, `expiration` (as
 *   above), `timeZone` (default Europe/Oslo), and one column per field of the type (its tempInputKey).
 */
export type LicenceRow =
  | { kind: 'renew'; line: number; partner: string; license: StoredLicense; expiration: string }
  | { kind: 'generate'; line: number; partner: string; request: GenerateLicenseRequest };

/** What the rows are checked against: the partners the user has, their types and licences. */
export interface LicensingCatalogue {
  partners: string[];
  types: Map<string, LicenseType[]>;
  /** Every licence of those partners (active and archived), by id. */
  licenses: Map<string, { license: StoredLicense; state: 'active' | 'archived' }>;
}

const FIXED = ['renew', 'partner', 'type', 'name', 'issuedto', 'administrator', 'hardwareid', 'expiration', 'timezone'];

function cell(fields: Record<string, unknown>, key: string): string {
  const value = fields[key] ?? fields[key.toLowerCase()];
  return value === undefined || value === null ? '' : String(value).trim();
}

function chooseExpiration(type: LicenseType, given: string, errors: string[]): string {
  const choices = expirationChoices(type);
  if (given === '') {
    if (choices.length === 1) return choices[0]!;
    errors.push(`expiration: Field is required (choose ${choices.join(', ')})`);
    return '';
  }
  if (!choices.includes(given)) errors.push(`expiration: ${given} is not offered for ${type.name} (choose ${choices.join(', ')})`);
  return given;
}

export function validateLicenceRecord(record: InputRecord, catalogue: LicensingCatalogue, defaultPartner?: string): Validation<LicenceRow> {
  const fields = record.fields;
  if (typeof fields.__invalid === 'string') return { ok: false, errors: [fields.__invalid] };
  const errors: string[] = [];
  const renew = cell(fields, 'renew');
  let partner = cell(fields, 'partner') || defaultPartner || '';

  if (renew !== '') {
    const found = catalogue.licenses.get(renew);
    if (!found) return { ok: false, errors: [`renew: no licence ${renew} among your partners' licences`] };
    const { license } = found;
    if (partner && partner !== license.licenseInfo.partner) errors.push(`partner: the licence belongs to ${license.licenseInfo.partner}`);
    partner = license.licenseInfo.partner;
    const type = catalogue.types.get(partner)?.find((item) => item.id === license.licenseInfo.type);
    if (!type) return { ok: false, errors: [`renew: the licence type ${license.licenseInfo.type} no longer exists`] };
    const expiration = chooseExpiration(type, cell(fields, 'expiration'), errors);
    return errors.length > 0 ? { ok: false, errors } : { ok: true, row: { kind: 'renew', line: record.line, partner, license, expiration } };
  }

  if (partner === '') return { ok: false, errors: ['partner: Field is required (or give --partner)'] };
  if (!catalogue.partners.includes(partner)) return { ok: false, errors: [`partner: you are not a licensing administrator for ${partner}`] };
  const typeId = cell(fields, 'type');
  const type = catalogue.types.get(partner)?.find((item) => item.id === typeId);
  if (!type) {
    const known = (catalogue.types.get(partner) ?? []).map((item) => item.id).join(', ');
    return { ok: false, errors: [typeId ? `type: no type ${typeId} (types: ${known})` : 'type: Field is required'] };
  }
  const expiration = chooseExpiration(type, cell(fields, 'expiration'), errors);
  const timeZone = cell(fields, 'timeZone') || DEFAULT_LICENSE_TIME_ZONE;
  if (!isValidTimeZone(timeZone)) errors.push(`timeZone: unknown time zone ${timeZone}`);

  // The type's own fields, by tempInputKey (headers are compared without case).
  const own: Record<string, unknown> = {};
  for (const field of type.requiredFields) own[field.tempInputKey] = fields[field.tempInputKey.toLowerCase()];
  const checked = checkLicenseFields(type, own);
  for (const [key, message] of Object.entries(checked.errors)) errors.push(`${key}: ${message}`);
  const known = new Set([...FIXED, ...type.requiredFields.map((field) => field.tempInputKey.toLowerCase())]);
  const unknown = Object.keys(fields).filter((key) => !known.has(key) && cell(fields, key) !== '');
  if (unknown.length > 0) errors.push(`unknown column${unknown.length > 1 ? 's' : ''} for ${type.id}: ${unknown.join(', ')}`);

  const request = {
    licenseInfo: {
      ...checked.values,
      name: cell(fields, 'name'), issuedTo: cell(fields, 'issuedTo'), administrator: cell(fields, 'administrator'),
      partner, type: type.id, hardwareId: cell(fields, 'hardwareId'),
    },
    metadata: { timeZone },
    expiration,
  };
  const parsed = generateLicenseRequest.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'licenseInfo' && issue.path[1] !== undefined) errors.push(`${String(issue.path[1])}: ${issue.message}`);
      else if (issue.path[0] !== 'expiration' && issue.path[0] !== 'metadata') errors.push(describeIssues(parsed.error));
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors: [...new Set(errors)] };
  return { ok: true, row: { kind: 'generate', line: record.line, partner, request: parsed.data } };
}

export function licenceRowKey(row: LicenceRow): string {
  if (row.kind === 'renew') return `renew:${row.license.licenseInfo.id}`;
  const info = row.request.licenseInfo;
  return `${row.partner}/${info.name}/${info.hardwareId}`;
}
