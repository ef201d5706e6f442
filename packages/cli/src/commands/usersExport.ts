import { closeSync, openSync, writeSync } from 'node:fs';
import type { Command } from 'commander';
import { allUsers, getGrantable } from '@varde/core';
import { usageError } from '../errors.js';
import { withContext, type CommandContext } from '../context.js';
import { csvHeader, csvLineOf } from './usersCsv.js';

/**
 * `varde users export [FILE]`: the users you manage as the CSV `import` takes back unchanged.
 * Sites, modules and partners are those you can grant (the part of a user an import controls).
 */
export function registerUsersExportCommand(users: Command): void {
  users
    .command('export')
    .description('Write the users you manage as CSV (what `varde users import` reads)')
    .argument('[file]', 'output file (default: stdout)')
    .action(withContext<[string | undefined]>(runExport));
}

async function runExport(context: CommandContext, file: string | undefined): Promise<void> {
  let fd: number | null = null;
  if (file !== undefined && file !== '-') {
    try {
      fd = openSync(file, 'w', 0o600);
    } catch (error) {
      throw usageError(`Cannot write ${file}: ${(error as Error).message}`);
    }
  }
  const write = (text: string) => (fd === null ? process.stdout.write(text) : writeSync(fd, text));
  try {
    const grantable = await context.session.call('users', (http) => getGrantable(http));
    write(csvHeader());
    let count = 0;
    // Page by page, so the export of a large organisation never sits in memory at once.
    await context.session.call('users', async (http) => {
      for await (const user of allUsers(http)) {
        write(csvLineOf(user, grantable));
        count += 1;
      }
    });
    if (fd !== null) process.stderr.write(`Exported ${count} users to ${file}.\n`);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
