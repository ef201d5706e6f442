import {
  createUserRequest,
  type CreateUserRequest,
  describeIssues,
  type GrantableResponse,
  type LanguageCode,
  type ManagedUser,
  type Role,
} from '@varde/core/contract';
import { csvLine } from '../bulk/csvText.js';
import type { ColumnSpec } from '../bulk/columnMapping.js';
import type { InputRecord, Validation } from '../bulk/types.js';
import type { PhoneNormaliser } from './usersPhone.js';

/**
 * The users file, shared by `varde users import` and `export` (export writes what import takes
 * back unchanged). Columns (header names, any order, any case): email (or username), name, role,
 * phone, language, sites, modules, partners. Lists are separated by `;`. A column that is absent
 * leaves that property as it is; a present but empty cell clears it (phone, sites, modules, partners).
 */
export const USER_COLUMNS = ['email', 'name', 'role', 'phone', 'language', 'sites', 'modules', 'partners'] as const;

export interface UserRow {
  email: string;
  name: string;
  role: Role;
  /** The role came from the file (a --role default only sets the role of a new user). */
  roleFromFile: boolean;
  phone?: string;
  language?: LanguageCode;
  sites?: string[];
  modules?: string[];
  partners?: string[];
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value.trim() : Array.isArray(value) ? value.join(';') : String(value);
}

function list(value: unknown): string[] | undefined {
  const cell = text(value);
  if (cell === undefined) return undefined;
  return [...new Set(cell.split(/[;,\s]+/).filter((item) => item !== ''))].sort();
}

const FIELD_NAMES: Record<string, string> = {
  username: 'email', controllers: 'sites', moduleAccesses: 'modules', licensingPartners: 'partners',
};

/** How an import reads its rows beyond the file itself. */
export interface UserRecordOptions {
  /** The role of rows without one (--role). */
  defaultRole?: Role;
  /** Phone numbers to E.164 (usersPhone.ts); without it a phone is taken as written. */
  phone?: PhoneNormaliser;
}

/** The columns the users import reads, and the built-in mapping of Microsoft Entra ID's bulk files. */
export function userColumns(defaultRole: boolean): ColumnSpec {
  return {
    known: [...USER_COLUMNS, 'username'],
    required: [['email', 'username'], ['name'], ...(defaultRole ? [] : [['role']])],
    formats: {
      // Bulk create ("User name [userPrincipalName] Required") and the user list download (plain
      // attribute names); the mobile number before the office one.
      entra: [
        ['userPrincipalName', 'email'],
        ['displayName', 'name'],
        ['mobile', 'phone'],
        ['mobilePhone', 'phone'],
        ['telephoneNumber', 'phone'],
      ],
    },
  };
}

/** Checks one record against the contract's rules and against what the actor may grant. */
export function validateUserRecord(record: InputRecord, grantable: GrantableResponse, options: UserRecordOptions = {}): Validation<UserRow> {
  const fields = record.fields;
  if (typeof fields.__invalid === 'string') return { ok: false, errors: [fields.__invalid] };
  const email = text(fields.email ?? fields.username) ?? '';
  let phone = text(fields.phone);
  const language = text(fields.language);
  const fileRole = text(fields.role) ?? '';
  const role = (fileRole || options.defaultRole || '') as Role;
  const row: UserRow = { email, name: text(fields.name) ?? '', role, roleFromFile: fileRole !== '' };
  const errors: string[] = [];
  if (phone && options.phone) {
    const checked = options.phone(phone);
    if (checked.ok) phone = checked.e164;
    else errors.push(`phone: ${checked.error}`);
  }
  if (phone !== undefined) row.phone = phone;
  if (language) row.language = language as LanguageCode;
  const sites = list(fields.sites);
  const modules = list(fields.modules);
  const partners = list(fields.partners);
  if (sites) row.sites = sites;
  if (modules) row.modules = modules;
  if (partners) row.partners = partners;

  const parsed = createUserRequest.safeParse(createBodyOf(row));
  if (!parsed.success) {
    // Unknown modules are reported below with the others you do not have.
    // A phone number libphonenumber refused is reported once, with its reason.
    const phoneRefused = errors.some((error) => error.startsWith('phone: '));
    const issues = parsed.error.issues.filter(
      (issue) => FIELD_NAMES[String(issue.path[0] ?? '')] !== 'modules' && !(phoneRefused && issue.path[0] === 'phone'),
    );
    for (const issue of issues) {
      const path = issue.path.map(String);
      const field = FIELD_NAMES[path[0] ?? ''] ?? path[0] ?? 'row';
      errors.push(`${field}: ${field === 'role' ? (row.role ? 'must be one of Admin, PowerUser, User, Guest, Viewer' : 'Role is required') : issue.message}`);
    }
    if (issues.length === 0 && !row.modules && !phoneRefused) errors.push(describeIssues(parsed.error));
  }
  if (row.role && grantable.roles.length > 0 && !grantable.roles.includes(row.role) && parsed.success) {
    errors.push(`role: you may not grant ${row.role} (you may grant ${grantable.roles.join(', ')})`);
  }
  if (grantable.roles.length === 0) errors.push('you may not add users');
  const lacking = (items: string[] | undefined, allowed: readonly string[], noun: string) => {
    const missing = (items ?? []).filter((item) => !allowed.includes(item));
    if (missing.length > 0) errors.push(`${noun}: you do not have ${missing.join(', ')}`);
  };
  lacking(row.sites, grantable.controllers, 'sites');
  lacking(row.modules, grantable.moduleAccesses, 'modules');
  lacking(row.partners, grantable.licensingPartners, 'partners');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, row };
}

function trueMapOf(items: string[] | undefined): Record<string, true> | undefined {
  return items ? Object.fromEntries(items.map((item) => [item, true as const])) : undefined;
}

/** The POST /users body for a row; `source` and `invite` (false: no invitation e-mail) from the import's flags. */
export function createBodyOf(row: UserRow, options: { source?: string; invite?: boolean } = {}): CreateUserRequest {
  const body: CreateUserRequest = { username: row.email, name: row.name, role: row.role };
  if (options.source) body.source = options.source;
  if (options.invite === false) body.invite = false;
  if (row.phone) body.phone = row.phone;
  if (row.language) body.language = row.language;
  if (row.sites) body.controllers = trueMapOf(row.sites);
  if (row.modules) body.moduleAccesses = trueMapOf(row.modules) as CreateUserRequest['moduleAccesses'];
  if (row.partners) body.licensingPartners = trueMapOf(row.partners);
  return body;
}

/** Keys of a grant map that the actor controls, sorted: the part of a user an import can change. */
function controlled(map: Record<string, true>, allowed: readonly string[]): string[] {
  return Object.keys(map).filter((key) => allowed.includes(key)).sort();
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** The PATCH that brings `current` to the row (only the file's columns count), or null when nothing differs. */
export function patchFor(row: UserRow, current: ManagedUser, grantable: GrantableResponse, source?: string): Record<string, unknown> | null {
  const patch: Record<string, unknown> = {};
  if (row.name !== current.name) patch.name = row.name;
  if (row.roleFromFile && row.role !== current.role) patch.role = row.role;
  // A user the source's file names is that source's from now on (so its next file may prune them).
  if (source !== undefined && current.source !== source) patch.source = source;
  if (row.phone !== undefined && row.phone !== (current.phone ?? '')) patch.phone = row.phone;
  if (row.language !== undefined && row.language !== current.language) patch.language = row.language;
  if (row.sites && !sameList(row.sites, controlled(current.controllers, grantable.controllers))) patch.controllers = trueMapOf(row.sites);
  if (row.modules && !sameList(row.modules, controlled(current.moduleAccesses, grantable.moduleAccesses))) {
    patch.moduleAccesses = trueMapOf(row.modules);
  }
  if (row.partners && !sameList(row.partners, controlled(current.licensingPartners, grantable.licensingPartners))) {
    patch.licensingPartners = trueMapOf(row.partners);
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

export function csvHeader(): string {
  return csvLine(USER_COLUMNS);
}

/** One export line: exactly what import reads back as unchanged. */
export function csvLineOf(user: ManagedUser, grantable: GrantableResponse): string {
  return csvLine([
    user.username,
    user.name,
    user.role,
    user.phone ?? '',
    user.language,
    controlled(user.controllers, grantable.controllers).join(';'),
    controlled(user.moduleAccesses, grantable.moduleAccesses).join(';'),
    controlled(user.licensingPartners, grantable.licensingPartners).join(';'),
  ]);
}
