import { randomUUID } from 'node:crypto';
import {
  addIsoDuration,
  checkLicenseFields,
  dateIn,
  expirationChoices,
  isValidTimeZone,
  LICENSE_INFO_KEYS,
  licenseExpiryMs,
  type GenerateLicenseRequest,
  type LicenseType,
  type StoredLicense,
} from '@varde/core/contract';
import { HttpError } from '../http/HttpError.js';

/**
 * Builds the licence a generate, renew or edit request asks for. Pure: the route reads the type
 * and the licence replaced, and stores the result.
 *
 * - generate: issue date today (in the licence's time zone), expiry = issue date + the chosen duration.
 * - renew (generate with licenseInfo.previousLicenseID): the same, replacing that licence.
 * - edit (licenseInfo.id): the fields change, the dates stay; a new id that names the old one.
 */
export interface IssueInput {
  request: GenerateLicenseRequest;
  mode: 'generate' | 'edit';
  type: LicenseType;
  /** The licence renewed or edited (active, same partner), if any. */
  replaces?: StoredLicense;
  issuedBy: string;
  now: number;
}

function chosenExpiration(type: LicenseType, requested: string | undefined): string {
  const choices = expirationChoices(type);
  const chosen = requested ?? (choices.length === 1 ? choices[0] : undefined);
  if (chosen === undefined) throw new HttpError(400, `expiration: choose one of ${choices.join(', ')}`);
  if (!choices.includes(chosen)) throw new HttpError(400, `expiration: ${chosen} is not offered for ${type.name} (choose ${choices.join(', ')})`);
  return chosen;
}

/** The type's own fields from licenseInfo, checked by type; all required ('Field is required'). */
function typeFieldValues(type: LicenseType, info: Record<string, unknown>): Record<string, string | number> {
  const { values, errors } = checkLicenseFields(type, info);
  const problems = Object.entries(errors).map(([key, message]) => `licenseInfo.${key}: ${message}`);
  if (problems.length > 0) throw new HttpError(400, problems.join('; '));
  return values;
}

export function issueLicense({ request, mode, type, replaces, issuedBy, now }: IssueInput): StoredLicense {
  const info = request.licenseInfo;
  const { timeZone } = request.metadata;
  if (!isValidTimeZone(timeZone)) throw new HttpError(400, `metadata.timeZone: unknown time zone ${timeZone}`);
  if (replaces && replaces.licenseInfo.type !== type.id) {
    throw new HttpError(400, `licenseInfo.type: a renewal or edit keeps the type ${replaces.licenseInfo.type}`);
  }

  let issueDate: string;
  let expirationDate: string;
  if (mode === 'edit' && replaces) {
    ({ issueDate, expirationDate } = replaces.licenseInfo);
  } else {
    issueDate = dateIn(timeZone, now);
    expirationDate = addIsoDuration(issueDate, chosenExpiration(type, request.expiration));
  }

  const fixed = new Set<string>(LICENSE_INFO_KEYS);
  const own = Object.fromEntries(Object.entries(info).filter(([key]) => !fixed.has(key)));
  return {
    licenseInfo: {
      ...typeFieldValues(type, own),
      id: randomUUID(),
      name: info.name,
      issuedTo: info.issuedTo,
      issueDate,
      expirationDate,
      chain: replaces ? [replaces.licenseInfo.id, ...replaces.licenseInfo.chain] : [],
      issuedBy,
      administrator: info.administrator,
      partner: info.partner,
      type: type.id,
      base: info.base ?? replaces?.licenseInfo.base ?? '',
      hardwareId: info.hardwareId,
      previousLicenseID: replaces?.licenseInfo.id ?? '',
      locked: info.locked ?? replaces?.licenseInfo.locked ?? false,
    },
    exp: licenseExpiryMs(expirationDate, timeZone),
    metadata: { timeZone },
  };
}
