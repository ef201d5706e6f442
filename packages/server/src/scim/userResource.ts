import { userEmail, type LanguageCode } from '@varde/core/contract';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from './scimSchemas.js';
import { ScimError } from './scimError.js';
import { attributeOf, canonicalKeys, etagOf } from './scimRequest.js';

/**
 * The core User schema's attributes this service keeps as the directory sent them (RFC 7643 section 4.1),
 * beside the ones it maps onto the Varde account: userName is the sign-in e-mail, the display name (or
 * name) the user's name, a phone number the account's phone, preferredLanguage (or locale) its language,
 * active its disabled flag.
 */
export const KEPT_USER_ATTRIBUTES = [
  'name', 'displayName', 'nickName', 'profileUrl', 'title', 'userType', 'preferredLanguage', 'locale', 'timezone',
  'emails', 'phoneNumbers', 'ims', 'photos', 'addresses', 'entitlements', 'roles', 'x509Certificates',
] as const;
/** What a directory may write (PATCH paths and PUT), the kept attributes and the mapped ones. */
export const WRITABLE_USER_ATTRIBUTES = new Set(['username', 'active', 'externalid', 'password', ...KEPT_USER_ATTRIBUTES.map((name) => name.toLowerCase())]);
/** Set by this service only (RFC 7643 `mutability: readOnly`): a PATCH naming them is refused. */
export const READ_ONLY_USER_ATTRIBUTES = new Set(['id', 'meta', 'groups', 'schemas']);
/** What `filter` may name on /Users. */
export const FILTERABLE_USER_ATTRIBUTES = new Set([
  'id', 'username', 'externalid', 'displayname', 'active', 'emails', 'emails.value', 'emails.type', 'emails.primary',
  'name.givenname', 'name.familyname', 'name.formatted', 'preferredlanguage', 'title', 'meta.created', 'meta.lastmodified',
]);

/** A user as stored: the account's facts and the kept attributes. */
export interface StoredScimUser {
  uid: string;
  email: string;
  disabled: boolean;
  externalId: string | null;
  attributes: Record<string, unknown>;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** What a valid User resource from the directory says, ready to write. */
export interface UserWrite {
  userName: string;
  externalId: string | null;
  active: boolean;
  password: string | undefined;
  attributes: Record<string, unknown>;
  /** For the Varde account: */
  name: string;
  phone: string | undefined;
  language: LanguageCode | undefined;
}

const PHONE = /^[+0-9 ()-]{1,40}$/;

/** A language tag as the directory sends it (`nb-NO`, `sv`, `en-US`) as one of Varde's, else undefined. */
export function vardeLanguage(tag: unknown): LanguageCode | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'nb' || primary === 'nn' || primary === 'no') return 'no';
  if (primary === 'sv' || primary === 'se') return 'se';
  if (primary === 'en') return 'en';
  return undefined;
}

function multiValued(value: unknown, attribute: string): Array<Record<string, unknown>> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
    throw new ScimError(400, `"${attribute}" must be a list of objects`, 'invalidValue');
  }
  return value as Array<Record<string, unknown>>;
}

/** The one of a multi-valued attribute that is primary, else of `type`, else the first. */
function preferred(items: Array<Record<string, unknown>>, type: string): Record<string, unknown> | undefined {
  return items.find((item) => item.primary === true) ?? items.find((item) => item.type === type) ?? items[0];
}

function optionalString(value: unknown, attribute: string, max = 1000): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ScimError(400, `"${attribute}" must be a string`, 'invalidValue');
  if (value.length > max) throw new ScimError(400, `"${attribute}" is longer than ${max} characters`, 'invalidValue');
  return value;
}

/** `active` as a boolean; Entra's older requests send "True" and "False" as strings. */
function activeOf(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, '"active" must be true or false', 'invalidValue');
}

/**
 * Checks a whole User resource (POST, PUT, or the result of a PATCH) and reads what Varde keeps of it.
 * A userName that is not an e-mail address, a missing one, or wrong types: 400 invalidValue.
 */
export function userWriteOf(input: Record<string, unknown>): UserWrite {
  const body = canonicalKeys(input, ['userName', 'externalId', 'active', 'password', ...KEPT_USER_ATTRIBUTES]);
  const userNameRaw = optionalString(body.userName, 'userName', 254);
  if (userNameRaw === undefined || userNameRaw.trim() === '') throw new ScimError(400, '"userName" is required', 'invalidValue');
  const userName = userEmail.safeParse(userNameRaw);
  if (!userName.success) throw new ScimError(400, `"userName" must be the user's e-mail address (the name they sign in with): "${userNameRaw.slice(0, 100)}" is not one`, 'invalidValue');
  const externalId = optionalString(body.externalId, 'externalId', 200) ?? null;
  const password = optionalString(body.password, 'password', 200);
  if (password !== undefined && password.length < 8) throw new ScimError(400, '"password" must have at least 8 characters', 'invalidValue');

  const attributes: Record<string, unknown> = {};
  for (const name of KEPT_USER_ATTRIBUTES) if (body[name] !== undefined && body[name] !== null) attributes[name] = body[name];
  const enterprise = attributeOf(input, ENTERPRISE_USER_SCHEMA);
  if (enterprise !== undefined && enterprise !== null) {
    if (typeof enterprise !== 'object' || Array.isArray(enterprise)) throw new ScimError(400, `"${ENTERPRISE_USER_SCHEMA}" must be an object`, 'invalidValue');
    attributes[ENTERPRISE_USER_SCHEMA] = enterprise;
  }
  const nameObject = body.name;
  if (nameObject !== undefined && nameObject !== null && (typeof nameObject !== 'object' || Array.isArray(nameObject))) {
    throw new ScimError(400, '"name" must be an object (givenName, familyName, formatted, ...)', 'invalidValue');
  }
  const name = (nameObject ?? {}) as Record<string, unknown>;
  const displayName = optionalString(body.displayName, 'displayName', 200);
  const formatted = optionalString(attributeOf(name, 'formatted'), 'name.formatted', 200);
  const parts = [attributeOf(name, 'givenName'), attributeOf(name, 'familyName')].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const personName = [displayName, formatted, parts.join(' ')].find((candidate) => candidate !== undefined && candidate.trim() !== '') ?? userName.data;

  multiValued(body.emails, 'emails');
  const phone = optionalString(preferred(multiValued(body.phoneNumbers, 'phoneNumbers'), 'mobile')?.value, 'phoneNumbers.value', 100);
  return {
    userName: userName.data,
    externalId,
    active: activeOf(body.active),
    password,
    attributes,
    name: personName.trim().slice(0, 200),
    // A number Varde cannot send to stays in the directory's attributes only (the account keeps none).
    phone: phone !== undefined && PHONE.test(phone.trim()) ? phone.trim() : undefined,
    language: vardeLanguage(body.preferredLanguage) ?? vardeLanguage(body.locale),
  };
}

export interface GroupRef {
  value: string;
  display: string;
}

/** The User resource as answered (RFC 7643 section 4.1), with its version for ETags. */
export function userResourceOf(user: StoredScimUser, groups: GroupRef[] | undefined, baseUrl: string): Record<string, unknown> {
  const enterprise = user.attributes[ENTERPRISE_USER_SCHEMA];
  const { [ENTERPRISE_USER_SCHEMA]: _enterprise, ...core } = user.attributes;
  return {
    schemas: enterprise === undefined ? [USER_SCHEMA] : [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    id: user.uid,
    ...(user.externalId === null ? {} : { externalId: user.externalId }),
    userName: user.email,
    ...core,
    active: !user.disabled,
    ...(enterprise === undefined ? {} : { [ENTERPRISE_USER_SCHEMA]: enterprise }),
    ...(groups === undefined ? {} : { groups: groups.map((group) => ({ ...group, $ref: `${baseUrl}/Groups/${group.value}` })) }),
    meta: {
      resourceType: 'User',
      created: new Date(user.createdAt).toISOString(),
      lastModified: new Date(user.updatedAt).toISOString(),
      location: `${baseUrl}/Users/${user.uid}`,
      version: etagOf(user.version),
    },
  };
}
