import { createHash } from 'node:crypto';

/** IFC's base-64 alphabet for compressed GUIDs (not RFC 4648's). */
const IFC_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/**
 * A 22-character IFC GlobalId derived from text, so the demo building's ids are the same on every
 * run and tests can name them. 128 bits: the first character carries 2 bits, the rest 6 each.
 */
export function stableIfcGlobalId(text: string): string {
  const bytes = createHash('sha256').update(`varde-ifc:${text}`).digest().subarray(0, 16);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let id = '';
  for (let index = 0; index < 22; index += 1) {
    id = IFC_ALPHABET[Number(value & 63n)]! + id;
    value >>= 6n;
  }
  return id;
}

/** Whether text has the form of a compressed IFC GlobalId. */
export function isIfcGlobalId(text: string): boolean {
  return /^[0-3][0-9A-Za-z_$]{21}$/.test(text);
}
