/** A catalogue's texts by dotted path (`group.key`), nested groups flattened: for the catalogue tests. */
export type Tree = { [key: string]: unknown };

export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
  }
  return out;
}
