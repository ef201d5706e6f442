import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CopyRefusedError, copyData } from './copyData.js';
import { DatabaseUnreachableError, describePostgresUrl } from './postgresConnection.js';

export const COPY_DATA_USAGE = `Usage: varde-cloud copy-data --from DIR --to URL

  Copies the cloud kept in DIR/varde.db (SQLite, --data DIR) into an empty PostgreSQL database, all or
  nothing, and checks the number of rows of every table. Users keep their passwords, tokens signed
  before the copy still verify, alarms keep their history. The SQLite file is only read.

  --from DIR   the directory a cloud ran with (--data DIR)
  --to URL     postgres://user@host:port/db (default $VARDE_DATABASE_URL); an empty database
  -h, --help   show this help
`;

type Output = { out: (text: string) => void; err: (text: string) => void };

/** `varde-cloud copy-data`: 0 copied, 1 refused or failed (nothing written), 2 a usage error. */
export async function runCopyDataCommand(argv: string[], env: NodeJS.ProcessEnv, cwd: string, output: Output): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    output.err(`varde-cloud copy-data: ${(error as Error).message}\n\n${COPY_DATA_USAGE}`);
    return 2;
  }
  if (values.help) {
    output.out(COPY_DATA_USAGE);
    return 0;
  }
  const to = values.to ?? env.VARDE_DATABASE_URL;
  const problem = !values.from ? '--from DIR is required' : !to ? '--to URL (or VARDE_DATABASE_URL) is required' : !/^postgres(ql)?:\/\//.test(to) ? '--to must be a postgres:// URL' : undefined;
  if (problem) {
    output.err(`varde-cloud copy-data: ${problem}\n\n${COPY_DATA_USAGE}`);
    return 2;
  }
  const from = resolve(cwd, values.from!);
  output.out(`Copying ${from} into PostgreSQL at ${describePostgresUrl(to!)}\n`);
  try {
    const counts = await copyData(from, to!);
    const width = Math.max(5, ...counts.map((count) => count.table.length));
    const lines = [`  ${'table'.padEnd(width)}  ${'SQLite'.padStart(8)}  ${'PostgreSQL'.padStart(10)}`];
    for (const count of counts) lines.push(`  ${count.table.padEnd(width)}  ${String(count.source).padStart(8)}  ${String(count.copied).padStart(10)}`);
    const rows = counts.reduce((sum, count) => sum + count.copied, 0);
    lines.push(`Copied ${rows} rows in ${counts.length} tables; every table's count verified. Start the cloud with --database on that URL.`);
    output.out(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CopyRefusedError || error instanceof DatabaseUnreachableError) {
      output.err(`varde-cloud copy-data: ${error.message}\n`);
      return 1;
    }
    output.err(`varde-cloud copy-data: the copy failed and was undone (${error instanceof Error ? error.message : String(error)})\n`);
    return 1;
  }
}
