/**
 * Parsed IFC revisions shared by the viewers of a page: the 3D and the 2D viewer show the same
 * models, so each revision is fetched and parsed once while any viewer holds it (reference counted;
 * the last release forgets it). A failed load is forgotten at once, so the next attempt retries.
 */
import type { IfcModelData } from './ifcModel.js';

interface Held {
  data: Promise<IfcModelData>;
  holders: number;
}

const held = new Map<string, Held>();

/** The revision's parsed data, loading it if no viewer holds it; pair every call with release(key). */
export function acquireParsed(key: string, load: () => Promise<IfcModelData>): Promise<IfcModelData> {
  let entry = held.get(key);
  if (!entry) {
    const data = load();
    const created: Held = { data, holders: 0 };
    entry = created;
    held.set(key, created);
    data.catch(() => {
      if (held.get(key) === created) held.delete(key);
    });
  }
  entry.holders += 1;
  return entry.data;
}

export function releaseParsed(key: string): void {
  const entry = held.get(key);
  if (!entry) return;
  entry.holders -= 1;
  if (entry.holders <= 0) held.delete(key);
}

/** How many revisions are held (tests). */
export function heldRevisions(): number {
  return held.size;
}
