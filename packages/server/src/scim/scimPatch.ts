import { patchBodyValidation, scimPatch, ScimError as PatchLibraryError, type ScimPatchOperation } from 'scim-patch';
import { PATCH_OP_SCHEMA } from './scimSchemas.js';
import { ScimError, type ScimType } from './scimError.js';
import { bodyObject } from './scimRequest.js';

/**
 * PATCH (RFC 7644 section 3.5.2), applied by scim-patch (docs/decisions/023) to the resource as it is
 * answered; the result is then checked and written like a PUT. Before that: op names in any case (Entra
 * sends `Replace`, `Add`), an op without a path whose value is an object becomes one op per attribute
 * (Entra and Okta send `{"op":"replace","value":{"active":false}}`, sometimes with dotted names), and every
 * path must name an attribute the resource has and the directory may write.
 */
export interface PathRules {
  /** Lower-case names of the attributes a directory may write. */
  writable: ReadonlySet<string>;
  /** Lower-case names set by this service only. */
  readOnly: ReadonlySet<string>;
  /** Lower-case schema URNs whose attributes may be named with the URN in front. */
  extensions: ReadonlySet<string>;
  /** The resource's core schema URN (a path may carry it in front). */
  core: string;
}

function rootOf(path: string, rules: PathRules): string {
  let rest = path.trim();
  const lower = rest.toLowerCase();
  if (lower.startsWith('urn:')) {
    if (lower.startsWith(`${rules.core.toLowerCase()}:`)) rest = rest.slice(rules.core.length + 1);
    else {
      const extension = [...rules.extensions].find((urn) => lower === urn || lower.startsWith(`${urn}:`));
      if (extension === undefined) throw new ScimError(400, `The path "${path.slice(0, 200)}" names an unknown schema`, 'invalidPath');
      return extension;
    }
  }
  return rest.split(/[.[]/)[0]!.trim().toLowerCase();
}

function checkPath(path: string, rules: PathRules): void {
  const root = rootOf(path, rules);
  if (rules.extensions.has(root)) return;
  if (rules.readOnly.has(root)) throw new ScimError(400, `"${root}" is read-only`, 'mutability');
  if (!rules.writable.has(root)) throw new ScimError(400, `The path "${path.slice(0, 200)}" names no attribute of this resource`, 'invalidPath');
}

/** The body's operations with op names in lower case and path-less object values split per attribute. */
export function operationsOf(input: unknown, rules: PathRules, resourceId: string): ScimPatchOperation[] {
  const body = bodyObject(input);
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.some((urn) => typeof urn === 'string' && urn.toLowerCase() === PATCH_OP_SCHEMA.toLowerCase())) {
    throw new ScimError(400, `"schemas" must be ["${PATCH_OP_SCHEMA}"]`, 'invalidValue');
  }
  const unknown = (schemas as unknown[]).find((urn) => typeof urn !== 'string' || urn.toLowerCase() !== PATCH_OP_SCHEMA.toLowerCase());
  if (unknown !== undefined) throw new ScimError(400, `Unknown schema URN "${String(unknown).slice(0, 200)}"`, 'invalidValue');
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, '"Operations" must list at least one operation', 'invalidSyntax');
  if (operations.length > 1000) throw new ScimError(400, 'At most 1000 operations in one PATCH', 'invalidValue');
  const out: ScimPatchOperation[] = [];
  for (const raw of operations) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new ScimError(400, 'Each operation must be an object with "op"', 'invalidSyntax');
    const operation = raw as Record<string, unknown>;
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : operation.op;
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(400, `Unknown op "${String(operation.op).slice(0, 50)}": add, replace or remove`, 'invalidSyntax');
    const path = operation.path;
    if (path !== undefined && path !== null && typeof path !== 'string') throw new ScimError(400, '"path" must be a string', 'invalidPath');
    if (typeof path === 'string' && path.trim() !== '') {
      checkPath(path, rules);
      out.push({ op, path, ...('value' in operation ? { value: operation.value } : {}) } as ScimPatchOperation);
      continue;
    }
    if (op === 'remove') throw new ScimError(400, 'A remove needs a "path"', 'noTarget');
    const value = operation.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ScimError(400, `An ${op} without a path needs an object "value"`, 'invalidValue');
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const lower = key.toLowerCase();
      if (lower === 'schemas' || lower === 'meta') continue;
      // Okta's group PATCH repeats the resource's own id beside the new values.
      if (lower === 'id') {
        if (item !== resourceId) throw new ScimError(400, '"id" is read-only', 'mutability');
        continue;
      }
      checkPath(key, rules);
      out.push({ op, path: key, value: item } as ScimPatchOperation);
    }
  }
  try {
    patchBodyValidation({ schemas: [PATCH_OP_SCHEMA], Operations: out } as never);
  } catch (error) {
    throw fromLibrary(error);
  }
  return out;
}

function fromLibrary(error: unknown): ScimError {
  if (error instanceof PatchLibraryError) {
    const scimType = (error.scimCode ?? 'invalidValue') as ScimType;
    return new ScimError(400, error.message || 'The operation cannot be applied', scimType);
  }
  throw error;
}

/** The resource after the operations (a copy; the input is left as it was). */
export function patched(resource: Record<string, unknown>, operations: ScimPatchOperation[]): Record<string, unknown> {
  try {
    return scimPatch(structuredClone(resource) as never, operations, { mutateDocument: true, treatMissingAsAdd: true }) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ScimError) throw error;
    if (error instanceof PatchLibraryError) throw fromLibrary(error);
    // scim-patch reports a value filter it cannot parse as a plain error.
    throw new ScimError(400, `The operation cannot be applied: ${error instanceof Error ? error.message.slice(0, 200) : 'bad path'}`, 'invalidPath');
  }
}
