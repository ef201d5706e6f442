/**
 * Finds the first object in a JSON text that names a key twice (JSON.parse silently keeps the last),
 * or uses __proto__. Returns the path of that object and the key, or null. The text must be valid JSON
 * (parse it first). Labels and parameters travel as maps, so this is how the server sees a
 * duplicate label or parameter name that a client sent.
 */
export function findDuplicateKey(text: string): { path: string[]; key: string } | null {
  let i = 0;
  const ws = () => { while (i < text.length && ' \t\r\n'.includes(text[i]!)) i += 1; };

  function readString(): string {
    const start = i;
    i += 1;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i += 1;
    return JSON.parse(text.slice(start, i)) as string;
  }

  function value(path: string[]): { path: string[]; key: string } | null {
    ws();
    const c = text[i];
    if (c === '{') {
      i += 1;
      const keys = new Set<string>();
      ws();
      if (text[i] === '}') { i += 1; return null; }
      for (;;) {
        ws();
        const key = readString();
        if (keys.has(key) || key === '__proto__') return { path, key };
        keys.add(key);
        ws();
        i += 1; // ':'
        const found = value([...path, key]);
        if (found) return found;
        ws();
        if (text[i] === ',') { i += 1; continue; }
        i += 1; // '}'
        return null;
      }
    }
    if (c === '[') {
      i += 1;
      ws();
      if (text[i] === ']') { i += 1; return null; }
      for (let index = 0; ; index += 1) {
        const found = value([...path, String(index)]);
        if (found) return found;
        ws();
        if (text[i] === ',') { i += 1; continue; }
        i += 1;
        return null;
      }
    }
    if (c === '"') { readString(); return null; }
    while (i < text.length && !',]} \t\r\n'.includes(text[i]!)) i += 1;
    return null;
  }

  return value([]);
}
