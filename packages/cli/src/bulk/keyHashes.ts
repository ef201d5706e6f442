/**
 * The in-file duplicate check without keeping every key: a set of 64-bit key hashes in typed arrays
 * (open addressing, 8 bytes a slot; 100,000 keys take 2 MB instead of a Map of strings). A hash seen
 * twice only makes its key a suspect: runBulk confirms suspects exactly (by their text) in a second
 * pass, so a hash collision can never report a false duplicate.
 */
export class KeyHashSet {
  private high = new Uint32Array(1024);
  private low = new Uint32Array(1024);
  private count = 0;

  /** Distinct hashes held. */
  get size(): number {
    return this.count;
  }

  /** Adds the key's hash; true when that hash was already there (the key is a suspect duplicate). */
  add(key: string): boolean {
    const [high, low] = hash64(key);
    if (this.count * 2 >= this.high.length) this.grow();
    return this.insert(high, low);
  }

  /** Whether the key's hash is in the set. */
  has(key: string): boolean {
    const [high, low] = hash64(key);
    const mask = this.high.length - 1;
    for (let slot = low & mask; ; slot = (slot + 1) & mask) {
      const slotHigh = this.high[slot]!;
      const slotLow = this.low[slot]!;
      if (slotHigh === 0 && slotLow === 0) return false;
      if (slotHigh === high && slotLow === low) return true;
    }
  }

  private insert(high: number, low: number): boolean {
    const mask = this.high.length - 1;
    for (let slot = low & mask; ; slot = (slot + 1) & mask) {
      const slotHigh = this.high[slot]!;
      const slotLow = this.low[slot]!;
      if (slotHigh === 0 && slotLow === 0) {
        this.high[slot] = high;
        this.low[slot] = low;
        this.count += 1;
        return false;
      }
      if (slotHigh === high && slotLow === low) return true;
    }
  }

  private grow(): void {
    const oldHigh = this.high;
    const oldLow = this.low;
    this.high = new Uint32Array(oldHigh.length * 2);
    this.low = new Uint32Array(oldLow.length * 2);
    this.count = 0;
    for (let slot = 0; slot < oldHigh.length; slot += 1) {
      if (oldHigh[slot] !== 0 || oldLow[slot] !== 0) this.insert(oldHigh[slot]!, oldLow[slot]!);
    }
  }
}

/**
 * Two independent 32-bit FNV-1a style hashes of the UTF-16 code units (different offsets and a
 * final avalanche each), never both 0 (0/0 marks an empty slot).
 */
export function hash64(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let index = 0; index < key.length; index += 1) {
    const unit = key.charCodeAt(index);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = avalanche(a ^ key.length);
  b = avalanche(b ^ Math.imul(key.length, 0x27d4eb2d));
  if (a === 0 && b === 0) b = 1;
  return [a >>> 0, b >>> 0];
}

function avalanche(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}
