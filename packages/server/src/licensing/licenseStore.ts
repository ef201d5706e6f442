import {
  licenseType,
  licensingPaths,
  storedLicense,
  type LicenseType,
  type StoredLicense,
} from '@varde/core/contract';
import type { RealtimeTree } from '../realtime/tree.js';

/**
 * Licensing data in the realtime database, per partner under /{partner}/licensing/:
 * licenseTypes/{typeId}, licenses/active/{id}, licenses/archive/{id}, storedLicenses/jwt/{id} (the
 * file), and requests/{idempotency key} -> {id, uid, at} (so a repeated request answers its first licence).
 */
export type LicenseState = 'active' | 'archived';

function entries(value: unknown): Array<[string, unknown]> {
  return value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [];
}

/** The partner's licence types; a stored definition that does not parse is left out (and never offered). */
export function readLicenseTypes(tree: RealtimeTree, partner: string): LicenseType[] {
  const types: LicenseType[] = [];
  for (const [id, value] of entries(tree.get(licensingPaths.types(partner)))) {
    const parsed = licenseType.safeParse({ id, ...(value as object) });
    if (parsed.success) types.push(parsed.data);
  }
  return types.sort((a, b) => a.name.localeCompare(b.name));
}

export function readLicenseType(tree: RealtimeTree, partner: string, typeId: string): LicenseType | null {
  const value = tree.get(`${licensingPaths.types(partner)}/${typeId}`);
  if (!value || typeof value !== 'object') return null;
  const parsed = licenseType.safeParse({ id: typeId, ...(value as object) });
  return parsed.success ? parsed.data : null;
}

export function readLicenses(tree: RealtimeTree, partner: string, state: LicenseState): StoredLicense[] {
  const path = state === 'active' ? licensingPaths.active(partner) : licensingPaths.archive(partner);
  const licenses: StoredLicense[] = [];
  for (const [, value] of entries(tree.get(path))) {
    const parsed = storedLicense.safeParse(value);
    if (parsed.success) licenses.push(parsed.data);
  }
  return licenses.sort(
    (a, b) => b.licenseInfo.issueDate.localeCompare(a.licenseInfo.issueDate) || a.licenseInfo.name.localeCompare(b.licenseInfo.name),
  );
}

export function readLicense(tree: RealtimeTree, partner: string, id: string): { license: StoredLicense; state: LicenseState } | null {
  for (const state of ['active', 'archived'] as const) {
    const path = `${state === 'active' ? licensingPaths.active(partner) : licensingPaths.archive(partner)}/${id}`;
    const parsed = storedLicense.safeParse(tree.get(path));
    if (parsed.success) return { license: parsed.data, state };
  }
  return null;
}

export function readLicenseFile(tree: RealtimeTree, partner: string, id: string): string | null {
  const value = tree.get(licensingPaths.storedJwt(partner, id));
  return typeof value === 'string' ? value : null;
}

export interface RequestRecord {
  id: string;
  uid: string;
  at: number;
}

export function readRequest(tree: RealtimeTree, partner: string, key: string): RequestRecord | null {
  const value = tree.get(licensingPaths.request(partner, key)) as Partial<RequestRecord> | null;
  return value && typeof value.id === 'string' && typeof value.uid === 'string' ? (value as RequestRecord) : null;
}

/**
 * Stores a new licence and its file, and archives the licence it replaces, in one write (one
 * transaction): nobody ever sees both active, or neither.
 */
export function storeIssuedLicense(
  tree: RealtimeTree,
  issued: { license: StoredLicense; file: string },
  options: { replaces?: StoredLicense; archivedBy: string; at: number; request?: { key: string; uid: string } },
): void {
  const { partner, id } = issued.license.licenseInfo;
  const base = `/${partner}/licensing`;
  const changes: Record<string, unknown> = {
    [`licenses/active/${id}`]: issued.license,
    [`storedLicenses/jwt/${id}`]: issued.file,
  };
  if (options.replaces) {
    const old = options.replaces.licenseInfo.id;
    changes[`licenses/active/${old}`] = null;
    changes[`licenses/archive/${old}`] = { ...options.replaces, archived: { at: options.at, by: options.archivedBy } };
  }
  if (options.request) changes[`requests/${options.request.key}`] = { id, uid: options.request.uid, at: options.at };
  tree.update(base, changes);
}

export function archiveStoredLicense(tree: RealtimeTree, license: StoredLicense, by: string, at: number): void {
  const { partner, id } = license.licenseInfo;
  tree.update(`/${partner}/licensing`, {
    [`licenses/active/${id}`]: null,
    [`licenses/archive/${id}`]: { ...license, archived: { at, by } },
  });
}
