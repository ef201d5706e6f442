import * as z from 'zod/mini';
import './zodLocale.js';
import { userKeySchema } from './users.js';

/**
 * licensing service (admin-modules spec, sections 3, 7 and 8): licence types and partners (kept in
 * the realtime database), licences per partner under active and archive, and the calls that
 * generate, edit (reissue), renew and archive them. A licence file is a JWS (compact form) whose
 * payload is the licence; a controller verifies it offline with the key published at
 * GET {licensing}/.well-known/jwks.json.
 */

/** Firebase turns arrays into index-keyed objects; read either form back as an array. */
function firebaseList<T extends z.core.SomeType>(item: T) {
  // classic zod's z.preprocess(fn, schema), which is this pipe.
  return z.pipe(
    z.transform((value: unknown) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, entry]) => entry);
      }
      return value;
    }),
    z.array(item),
  );
}

/** A date-only ISO 8601 duration: P1Y, P6M, P2W, P30D, P1Y6M... (licences run in whole days). */
export const isoDuration = z
  .string()
  .check(z.regex(/^P(?=\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?$/, 'Must be an ISO 8601 duration such as P1Y, P6M or P30D'));

/** YYYY-MM-DD, the licences' date format. */
export const licenseDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date YYYY-MM-DD'));

export const LICENSE_FIELD_TYPES = ['select', 'string', 'hexString', 'integer', 'htmlOptions'] as const;
export const licenseFieldType = z.enum(LICENSE_FIELD_TYPES);
export type LicenseFieldType = z.infer<typeof licenseFieldType>;

/** Keys of licenseInfo that the service owns or the form always has; a type's own field may not reuse them. */
export const LICENSE_INFO_KEYS = [
  'name', 'issuedTo', 'issueDate', 'expirationDate', 'chain', 'issuedBy', 'id', 'administrator', 'partner',
  'type', 'base', 'hardwareId', 'previousLicenseID', 'locked',
] as const;

/** A choice of a select field: a plain string (shown and stored), or `{value, label}` for htmlOptions. */
export const licenseFieldOption = z.union([
  z.string().check(z.minLength(1)),
  z.object({ value: z.string().check(z.minLength(1)), label: z.string().check(z.minLength(1)) }),
]);
export type LicenseFieldOption = z.infer<typeof licenseFieldOption>;

/** One type-specific required field of a licence type's form. */
export const licenseRequiredField = z.object({
  /** Label of the input in the form. */
  inputLabel: z.string().check(z.minLength(1)),
  /** Label where the value is shown (the table's expanded row). */
  displayLabel: z.string().check(z.minLength(1)),
  /** The key the value is stored under in licenseInfo. */
  tempInputKey: z
    .string()
    .check(
      z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'Must be a letter followed by letters, digits or _'),
      z.refine((key) => !(LICENSE_INFO_KEYS as readonly string[]).includes(key), 'Is a reserved licence key'),
    ),
  tempInputType: licenseFieldType,
  /** The choices of `select` and `htmlOptions` fields. */
  htmlOptions: z.optional(firebaseList(licenseFieldOption)),
});
export type LicenseRequiredField = z.infer<typeof licenseRequiredField>;

/**
 * A licence type's texts in another language (decision, issue 16): the partner writes the type once
 * and may add its words per UI language (`no`, `en`, `se`); what is missing falls back to the type's own.
 */
export const licenseTypeTexts = z.object({
  name: z.optional(z.string().check(z.minLength(1))),
  description: z.optional(z.string()),
  /** By tempInputKey. */
  fields: z.optional(
    z.record(
      z.string(),
      z.object({ inputLabel: z.optional(z.string().check(z.minLength(1))), displayLabel: z.optional(z.string().check(z.minLength(1))) }),
    ),
  ),
  /** htmlOptions labels by value. */
  options: z.optional(z.record(z.string(), z.string().check(z.minLength(1)))),
});
export type LicenseTypeTexts = z.infer<typeof licenseTypeTexts>;

/** A licence type (decision: `name` and `description` are shown in the form's type selector). */
export const licenseType = z
  .object({
    id: userKeySchema,
    name: z.string().check(z.minLength(1)),
    description: z.optional(z.string()),
    translations: z.optional(z.partialRecord(z.enum(['no', 'en', 'se']), licenseTypeTexts)),
    expirationType: z.enum(['singleDuration', 'options']),
    /** The one duration of `singleDuration`. */
    expiration: z.optional(isoDuration),
    /** The choices of `options`. */
    expirationOptions: z.optional(firebaseList(isoDuration)),
    requiredFields: z._default(firebaseList(licenseRequiredField), []),
  })
  .check(
    z.refine((type) => type.expirationType !== 'singleDuration' || type.expiration !== undefined, {
      message: 'singleDuration needs expiration',
      path: ['expiration'],
    }),
    z.refine((type) => type.expirationType !== 'options' || (type.expirationOptions?.length ?? 0) > 0, {
      message: 'options needs expirationOptions',
      path: ['expirationOptions'],
    }),
  );
export type LicenseType = z.infer<typeof licenseType>;

/** A licensing partner (`/partners/{id}`), with its id. */
export const licensingPartner = z.object({ id: z.string(), name: z.string(), description: z.optional(z.string()) });
export type LicensingPartner = z.infer<typeof licensingPartner>;

/** A type-specific value: text (string, hexString, select, htmlOptions) or a whole number (integer). */
export const licenseFieldValue = z.union([z.string(), z.number().check(z.int())]);

/** licenseInfo as stored and signed: the fixed fields plus the type's own (flat, by tempInputKey). */
export const licenseInfo = z.catchall(
  z.object({
    id: z.string(),
    name: z.string(),
    issuedTo: z.string(),
    issueDate: licenseDate,
    expirationDate: licenseDate,
    /** Earlier licences this one replaces (renewals and edits), newest first; chain[0] is previousLicenseID. */
    chain: z._default(firebaseList(z.string()), []),
    /** E-mail of the user who generated it. */
    issuedBy: z.string(),
    /** Contact (e-mail) of the customer's administrator. */
    administrator: z.string(),
    partner: z.string(),
    type: z.string(),
    /** Id of the base licence an add-on extends ('' for a base licence). */
    base: z._default(z.string(), ''),
    /** The controller's hardware id the licence is bound to. */
    hardwareId: z.string(),
    previousLicenseID: z._default(z.string(), ''),
    /** A locked licence may not be moved to other hardware. */
    locked: z._default(z.boolean(), false),
  }),
  // The type's own fields (text or whole numbers, checked against the type by checkLicenseFields).
  z.unknown(),
);
export type LicenseInfo = z.infer<typeof licenseInfo>;

export const licenseMetadata = z.object({ timeZone: z.string().check(z.minLength(1), z.maxLength(100)) });

/** A licence (the signed payload and the stored record). `exp` is the end of expirationDate in metadata.timeZone, epoch ms. */
export const license = z.object({
  licenseInfo,
  exp: z.number(),
  metadata: licenseMetadata,
});
export type License = z.infer<typeof license>;

/** A stored licence; an archived one also says when and by whom. */
export const storedLicense = z.extend(license, {
  archived: z.optional(z.object({ at: z.number(), by: z.string() })),
});
export type StoredLicense = z.infer<typeof storedLicense>;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'Field is required'), z.maxLength(max));

/**
 * The licence object a client sends to generateLicense / editLicense. Fields the service owns
 * (issueDate, expirationDate, chain, issuedBy) may be present (a client may send a licence back as it
 * got it) and are ignored.
 */
export const licenseInput = z.catchall(
  z.object({
    name: text(200),
    issuedTo: text(200),
    administrator: text(254),
    partner: userKeySchema,
    type: userKeySchema,
    hardwareId: text(200),
    base: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    locked: z.optional(z.boolean()),
    /** generateLicense: the licence this one renews. editLicense: absent. */
    previousLicenseID: z.optional(z.string().check(z.maxLength(200))),
    /** editLicense: the licence being reissued. */
    id: z.optional(z.string().check(z.maxLength(200))),
  }),
  z.unknown(),
);
export type LicenseInput = z.infer<typeof licenseInput>;

/**
 * POST generateLicense (new, or a renewal when licenseInfo.previousLicenseID names an active licence:
 * issue date today, the chosen expiry) and POST editLicense (licenseInfo.id names the licence to
 * reissue; dates kept, `expiration` ignored). The answer is the licence file (text).
 * Header `Idempotency-Key` (optional): a repeated request answers the first one's licence.
 */
export const generateLicenseRequest = z.object({
  licenseInfo: licenseInput,
  metadata: licenseMetadata,
  /** The chosen ISO duration (the type's one duration, or one of its options). */
  expiration: z.optional(isoDuration),
});
export type GenerateLicenseRequest = z.infer<typeof generateLicenseRequest>;

/** Idempotency keys: per request, chosen by the client (the CLI: one per import row). */
export const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_:-]{8,200}$/, 'Idempotency-Key must be 8-200 of A-Z a-z 0-9 _ : -'));
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** POST archiveLicense. */
export const archiveLicenseRequest = z.object({ partner: userKeySchema, uid: userKeySchema });
export type ArchiveLicenseRequest = z.infer<typeof archiveLicenseRequest>;

/** GET /partners: the caller's licensing partners. */
export const listPartnersResponse = z.object({ data: z.array(licensingPartner) });
/** GET /partners/{partner}/licenseTypes. */
export const listLicenseTypesResponse = z.object({ data: z.array(licenseType) });
/** GET /partners/{partner}/licenses?archived=. */
export const listLicensesQuery = z.object({ archived: z.optional(z.enum(['true', 'false'])) });
export const listLicensesResponse = z.object({ data: z.array(storedLicense) });
/** GET /partners/{partner}/licenses/{id}: the licence, where it is, and its file. */
export const getLicenseResponse = z.object({
  license: storedLicense,
  state: z.enum(['active', 'archived']),
  file: z.string(),
});
export type GetLicenseResponse = z.infer<typeof getLicenseResponse>;

/** The public keys licence files are signed with (a JWKS; Ed25519, `alg: EdDSA`). */
export const licenseJwks = z.object({
  keys: z.array(z.looseObject({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string(), kid: z.string() })),
});
export type LicenseJwks = z.infer<typeof licenseJwks>;
export const LICENSE_JWKS_PATH = '/.well-known/jwks.json';
/** The `typ` of a licence file's protected header. */
export const LICENSE_FILE_TYPE = 'varde-license+jws';

/** Where the realtime database keeps licensing data (besides realtimePaths.partnerLicensing/storedLicenseJwt). */
export const licensingPaths = {
  types: (partner: string) => `/${partner}/licensing/licenseTypes`,
  active: (partner: string) => `/${partner}/licensing/licenses/active`,
  archive: (partner: string) => `/${partner}/licensing/licenses/archive`,
  storedJwt: (partner: string, id: string) => `/${partner}/licensing/storedLicenses/jwt/${id}`,
  request: (partner: string, key: string) => `/${partner}/licensing/requests/${key}`,
} as const;
