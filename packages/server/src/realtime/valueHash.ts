import { createHash } from 'node:crypto';

/**
 * The hash the firebase SDK sends with a transaction's put (`h`): the server compares it with the
 * hash of its current value and answers `datastale` on a mismatch. Ported from @firebase/database
 * (LeafNode.hash, ChildrenNode.hash, nameCompare, doubleToIEEE754String) so both sides agree bit
 * for bit. Priorities are not stored here, so they never enter the hash. Null hashes to ''.
 */
export function valueHash(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') {
    const type = typeof value;
    const text = type === 'number' ? doubleToIEEE754String(value as number) : String(value);
    return sha1Base64(`${type}:${text}`);
  }
  let toHash = '';
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record).sort(nameCompare)) {
    const childHash = valueHash(record[key]);
    if (childHash !== '') toHash += `:${key}:${childHash}`;
  }
  return toHash === '' ? '' : sha1Base64(toHash);
}

function sha1Base64(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

const INTEGER_KEY = /^-?(0*)\d{1,10}$/;

function tryParseInt(key: string): number | null {
  if (!INTEGER_KEY.test(key)) return null;
  const value = Number(key);
  return value >= -2147483648 && value <= 2147483647 ? value : null;
}

/** Firebase key order: 32-bit integer keys first, numerically (ties by length), then the rest by code unit. */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  const aInt = tryParseInt(a);
  const bInt = tryParseInt(b);
  if (aInt !== null) {
    if (bInt === null) return -1;
    return aInt - bInt === 0 ? a.length - b.length : aInt - bInt;
  }
  if (bInt !== null) return 1;
  return a < b ? -1 : 1;
}

/** The SDK's own float-to-hex (including its rounding near powers of two), kept verbatim on purpose. */
function doubleToIEEE754String(input: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let v = input;
  let s: number;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    s = 1 / v === -Infinity ? 1 : 0;
  } else {
    s = v < 0 ? 1 : 0;
    v = Math.abs(v);
    if (v >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(v / Math.pow(2, 1 - bias - fbits));
    }
  }
  const bits: number[] = [];
  for (let i = fbits; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = ebits; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(s ? 1 : 0);
  bits.reverse();
  const str = bits.join('');
  let hex = '';
  for (let i = 0; i < 64; i += 8) {
    hex += parseInt(str.substr(i, 8), 2).toString(16).padStart(2, '0');
  }
  return hex.toLowerCase();
}
