// Writes <file>.br and <file>.gz beside every text asset of a build, once, at the best quality: the
// cloud sends them to clients that accept them (@fastify/static's preCompressed) instead of
// compressing on every request. Used by build.mjs (dist/elements) and the portal's build.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text (and wasm, which shrinks as well); source maps are left as they are, only devtools fetch them. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.wasm']);
/** Below this the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Returns what it wrote: {files, bytes, br, gzip} (sizes summed over the compressed files). */
export async function precompress(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.has(extname(file)));
  // zlib's async calls run on libuv's thread pool, so the files are compressed side by side.
  await Promise.all(
    files.map(async (file) => {
      const content = readFileSync(file);
      if (content.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gz(content, { level: 9 }),
      ]);
      // A file that does not shrink is sent as it is (@fastify/static falls back to it).
      if (br.length < content.length) writeFileSync(`${file}.br`, br);
      if (gzipped.length < content.length) writeFileSync(`${file}.gz`, gzipped);
      totals.files += 1;
      totals.bytes += content.length;
      totals.br += Math.min(br.length, content.length);
      totals.gzip += Math.min(gzipped.length, content.length);
    }),
  );
  return totals;
}
