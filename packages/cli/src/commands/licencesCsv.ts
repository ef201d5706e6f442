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
  | {
      kind: 'generate';
      line: number;
      partner: string;
      request: GenerateLicenseRequest;
      /** The active licence for the same hardware and product: the row is not generated again. */
      existing?: StoredLicense;
    };

/** What the rows are checked against: the partners the user has, their types and licences. */
export interface LicensingCatalogue {
  partners: string[];
  types: Map<string, LicenseType[]>;
  /** Every licence of those partners (active and archived), by id. */
  licenses: Map<string, { license: StoredLicense; state: 'active' | 'archived' }>;
}

/** What a licence is for, its identity in a file: the partner, the product (type) and the hardware. */
export function contentKey(partner: string, type: string, hardwareId: string): string {
  return `${partner}/${type}/${hardwareId}`;
}

/** The active licences by what they are for (contentKey): how an import recognises the rows that exist. */
export function activeByContent(catalogue: LicensingCatalogue): Map<string, StoredLicense> {
  const active = new Map<string, StoredLicense>();
  for (const { license, state } of catalogue.licenses.values()) {
    const info = license.licenseInfo;
    if (state === 'active') active.set(contentKey(info.partner, info.type, info.hardwareId), license);
  }
  return active;
}

/** The columns `varde licences export` writes (then one per type field); `id` is for people, import ignores it. */
export const LICENCE_FILE_COLUMNS = ['partner', 'type', 'name', 'issuedTo', 'administrator', 'hardwareId', 'expiration', 'timeZone', 'id'] as const;

const FIXED = ['renew', 'partner', 'type', 'name', 'issuedto', 'administrator', 'hardwareid', 'expiration', 'timezone', 'id'];

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

export function validateLicenceRecord(
  record: InputRecord,
  catalogue: LicensingCatalogue,
  defaultPartner?: string,
  active: Map<string, StoredLicense> = activeByContent(catalogue),
): Validation<LicenceRow> {
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
  const existing = active.get(contentKey(partner, type.id, cell(fields, 'hardwareId')));
  // A licence that exists needs no expiry (it is not generated again): an exported file imports as it is.
  const expiration = existing && cell(fields, 'expiration') === '' ? (expirationChoices(type)[0] ?? '') : chooseExpiration(type, cell(fields, 'expiration'), errors);
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
  return { ok: true, row: { kind: 'generate', line: record.line, partner, request: parsed.data, ...(existing ? { existing } : {}) } };
}

/** A file names a licence once: a renewal by its id, a new one by the hardware and product it is for. */
export function licenceRowKey(row: LicenceRow): string {
  if (row.kind === 'renew') return `renew:${row.license.licenseInfo.id}`;
  const info = row.request.licenseInfo;
  return contentKey(row.partner, info.type, info.hardwareId);
}

/** The fields of a generate row that differ from the licence that exists for its hardware and product. */
export function differingFields(row: Extract<LicenceRow, { kind: 'generate' }>, existing: StoredLicense): string[] {
  const wanted = row.request.licenseInfo as Record<string, unknown>;
  const stored = existing.licenseInfo as Record<string, unknown>;
  const ignored = new Set(['partner', 'type', 'hardwareId']);
  return Object.keys(wanted).filter((key) => !ignored.has(key) && String(wanted[key] ?? '') !== String(stored[key] ?? ''));
}
