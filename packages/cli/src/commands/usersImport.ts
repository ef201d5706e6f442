import type { Command } from 'commander';
import {
  createUser,
  findUserByEmail,
  getGrantable,
  isUserExistsError,
  updateUser,
  type HttpClient,
} from '@varde/core';
import type { GrantableResponse, ManagedUser } from '@varde/core/contract';
import { addBulkOptions, doneEarlierNote, runBulkCommand, type BulkCommandOptions } from '../bulk/bulkCommand.js';
import type { BulkJob, RowAction, RowCalls } from '../bulk/types.js';
import type { CloudSession } from '../cloud/cloudSession.js';
import { withContext, type CommandContext } from '../context.js';
import { createBodyOf, patchFor, validateUserRecord, type UserRow } from './usersCsv.js';

export function registerUsersImportCommand(users: Command): void {
  const command = users
    .command('import')
    .description('Create or update users from a CSV (or JSON / JSON Lines) file, keyed on e-mail')
    .argument('<file>', 'users file: columns email, name, role, phone, language, sites, modules, partners')
    .option('--dry-run', 'print the plan (create / update / unchanged) against the live cloud; write nothing');
  addBulkOptions(command, 8)
    .addHelpText(
      'after',
      `
Every row is checked before anything is written (e-mail, name, role you may grant,
sites, modules and partners you have); any bad row is printed with its line number
and nothing is written (exit 2). Rows already in the cloud are updated when they
differ. An interrupted import (Ctrl-C, crash, lost cloud) continues with --resume.

Exit codes: 0 every row done, 2 invalid file, 3 some rows failed, 4 not signed in.

Examples:
  varde users import people.csv --dry-run
  varde users import people.csv --concurrency 16 --report result.csv
  varde users import people.csv --resume`,
    )
    .action(withContext<[string, BulkCommandOptions]>(runImport));
}

function runImport(context: CommandContext, file: string, options: BulkCommandOptions): Promise<void> {
  return runBulkCommand({
    context,
    file,
    options,
    service: 'users',
    maxConcurrency: 256,
    commandLine: `varde users import ${file}`,
    job: async (session) => usersImportJob(session, await session.call('users', (http) => getGrantable(http))),
    describe: (summary, dryRun) =>
      dryRun
        ? `Plan: ${summary.created} to create, ${summary.updated} to update, ${summary.unchanged} unchanged.`
        : `Done: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed` +
          `${doneEarlierNote(summary)} (${summary.rows} rows in ${summary.seconds.toFixed(1)} s).`,
  });
}

/** The users import as a bulk job: upsert keyed on e-mail, a create never applied twice. */
export function usersImportJob(session: CloudSession, grantable: GrantableResponse): BulkJob<UserRow> {
  const users = <T>(run: (http: HttpClient) => Promise<T>) => session.call('users', run);
  const find = (email: string) => users((http) => findUserByEmail(http, email));

  async function reconcile(row: UserRow, current: ManagedUser, calls: RowCalls): Promise<RowAction> {
    const patch = patchFor(row, current, grantable);
    if (!patch) return 'unchanged';
    await calls.safe(() => users((http) => updateUser(http, current.uid, patch)));
    return 'update';
  }

  return {
    name: 'users import',
    validate: (record) => validateUserRecord(record, grantable),
    keyOf: (row) => row.email,
    async plan(row, calls) {
      const current = await calls.safe(() => find(row.email));
      if (!current) return 'create';
      return patchFor(row, current, grantable) ? 'update' : 'unchanged';
    },
    async apply(row, calls) {
      // Create first (one request per new user); a 409 turns the row into an update.
      const created = await calls.once<RowAction | 'exists'>(
        async () => {
          try {
            await users((http) => createUser(http, createBodyOf(row)));
            return 'create';
          } catch (error) {
            if (isUserExistsError(error)) return 'exists';
            throw error;
          }
        },
        // The create's answer was lost: did it happen? Then the row is done (or needs an update).
        async () => {
          const current = await find(row.email);
          if (!current) return undefined;
          const action = await reconcile(row, current, calls);
          return action === 'unchanged' ? 'create' : action;
        },
      );
      if (created !== 'exists') return created;
      const current = await calls.safe(() => find(row.email));
      if (!current) throw new Error('A user with this e-mail exists, but you do not manage them');
      return reconcile(row, current, calls);
    },
  };
}
