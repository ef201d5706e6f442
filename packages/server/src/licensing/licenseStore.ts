import {
  licenseType,
  licensingPaths,
  storedLicense,
  type LicenseType,
  type StoredLicense,
} from '@varde/core/contract';
import type { RealtimeTree } from '../realtime/tree.js';
import type { Tx } from '../storage/transaction.js';

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
export async function readLicenseTypes(tree: RealtimeTree, partner: string): Promise<LicenseType[]> {
  const types: LicenseType[] = [];
  for (const [id, value] of entries(await tree.get(licensingPaths.types(partner)))) {
    const parsed = licenseType.safeParse({ id, ...(value as object) });
    if (parsed.success) types.push(parsed.data);
  }
  return types.sort((a, b) => a.name.localeCompare(b.name));
}

export async function readLicenseType(tree: RealtimeTree, partner: string, typeId: string, tx?: Tx): Promise<LicenseType | null> {
  const value = await tree.get(`${licensingPaths.types(partner)}/${typeId}`, tx);
  if (!value || typeof value !== 'object') return null;
  const parsed = licenseType.safeParse({ id: typeId, ...(value as object) });
  return parsed.success ? parsed.data : null;
}

export async function readLicenses(tree: RealtimeTree, partner: string, state: LicenseState): Promise<StoredLicense[]> {
  const path = state === 'active' ? licensingPaths.active(partner) : licensingPaths.archive(partner);
  const licenses: StoredLicense[] = [];
  for (const [, value] of entries(await tree.get(path))) {
    const parsed = storedLicense.safeParse(value);
    if (parsed.success) licenses.push(parsed.data);
  }
  return licenses.sort(
    (a, b) => b.licenseInfo.issueDate.localeCompare(a.licenseInfo.issueDate) || a.licenseInfo.name.localeCompare(b.licenseInfo.name),
  );
}

export async function readLicense(
  tree: RealtimeTree,
  partner: string,
  id: string,
  tx?: Tx,
): Promise<{ license: StoredLicense; state: LicenseState } | null> {
  for (const state of ['active', 'archived'] as const) {
    const path = `${state === 'active' ? licensingPaths.active(partner) : licensingPaths.archive(partner)}/${id}`;
    const parsed = storedLicense.safeParse(await tree.get(path, tx));
    if (parsed.success) return { license: parsed.data, state };
  }
  return null;
}

export async function readLicenseFile(tree: RealtimeTree, partner: string, id: string, tx?: Tx): Promise<string | null> {
  const value = await tree.get(licensingPaths.storedJwt(partner, id), tx);
  return typeof value === 'string' ? value : null;
}

export interface RequestRecord {
  id: string;
  uid: string;
  at: number;
}

export async function readRequest(tree: RealtimeTree, partner: string, key: string, tx?: Tx): Promise<RequestRecord | null> {
  const value = (await tree.get(licensingPaths.request(partner, key), tx)) as Partial<RequestRecord> | null;
  return value && typeof value.id === 'string' && typeof value.uid === 'string' ? (value as RequestRecord) : null;
}

/**
 * Stores a new licence and its file, and archives the licence it replaces, in one write (one
 * transaction, `tx` when given): nobody ever sees both active, or neither.
 */
export async function storeIssuedLicense(
  tree: RealtimeTree,
  issued: { license: StoredLicense; file: string },
  options: { replaces?: StoredLicense; archivedBy: string; at: number; request?: { key: string; uid: string } },
  tx?: Tx,
): Promise<void> {
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
  await tree.update(base, changes, tx);
}

export async function archiveStoredLicense(tree: RealtimeTree, license: StoredLicense, by: string, at: number, tx?: Tx): Promise<void> {
  const { partner, id } = license.licenseInfo;
  await tree.update(
    `/${partner}/licensing`,
    {
      [`licenses/active/${id}`]: null,
      [`licenses/archive/${id}`]: { ...license, archived: { at, by } },
    },
    tx,
  );
}
