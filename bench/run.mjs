// `npm run bench [-- <name filter>...]`: runs every bench/*.bench.mjs and prints one table each.
//
// A benchmark is a file bench/<name>.bench.mjs whose default export is an async function returning
//   { title: string, columns?: string[], rows: Array<Record<string, string | number>>, notes?: string[] }
// (columns default to the keys of the first row; numbers are right-aligned). Keep timing loops and
// their warm-up inside the benchmark; the runner only runs and prints. A benchmark that throws is
// reported and the runner exits 1 after the others have run.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

function formatTable({ columns, rows }) {
  const cells = rows.map((row) => columns.map((column) => row[column] ?? ''));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((line) => String(line[index]).length)));
  const line = (values) =>
    values.map((value, index) => (typeof value === 'number' ? String(value).padStart(widths[index]) : String(value).padEnd(widths[index]))).join('  ');
  return [line(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

if (files.length === 0) {
  process.stderr.write(`bench: no bench/*.bench.mjs matches ${filters.join(' ') || '(any)'}\n`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  try {
    const { default: run } = await import(pathToFileURL(`${here}${file}`).href);
    const result = await run();
    const columns = result.columns ?? Object.keys(result.rows[0] ?? {});
    process.stdout.write(`\n${result.title}  (${file})\n\n${formatTable({ columns, rows: result.rows })}\n`);
    for (const note of result.notes ?? []) process.stdout.write(`  ${note}\n`);
  } catch (error) {
    failed += 1;
    process.stderr.write(`\n${file} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}
process.exit(failed ? 1 : 0);
