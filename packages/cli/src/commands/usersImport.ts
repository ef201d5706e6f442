import type { Command } from 'commander';
import {
  createUser,
  findUserByEmail,
  getGrantable,
  isUserExistsError,
  updateUser,
  type HttpClient,
} from '@varde/core';
import { role, roles, userSource, type GrantableResponse, type ManagedUser, type Role } from '@varde/core/contract';
import { addBulkOptions, addFileOptions, doneEarlierNote, runBulkCommand, type BulkCommandOptions } from '../bulk/bulkCommand.js';
import type { BulkJob, RowAction, RowCalls } from '../bulk/types.js';
import type { CloudSession } from '../cloud/cloudSession.js';
import { withContext, type CommandContext } from '../context.js';
import { usageError } from '../errors.js';
import { createBodyOf, patchFor, userColumns, validateUserRecord, type UserRecordOptions, type UserRow } from './usersCsv.js';
import { DEFAULT_PHONE_COUNTRY, phoneNormaliser } from './usersPhone.js';
import { UsersPrune, type PruneOptions } from './usersPrune.js';

interface UsersImportOptions extends BulkCommandOptions {
  role?: string;
  source?: string;
  prune?: string;
  maxPrune?: string;
  force?: boolean;
  invite: boolean;
}

export function registerUsersImportCommand(users: Command): void {
  const command = users
    .command('import')
    .description('Create or update users from a CSV (or JSON / JSON Lines) file, keyed on e-mail')
    .argument('<file>', 'users file: columns email, name, role, phone, language, sites, modules, partners')
    .option('--dry-run', 'print the plan (create / update / unchanged) against the live cloud; write nothing')
    .option('--role <role>', 'the role of new users whose row has none (a file without a role column, e.g. --format entra)')
    .option('--source <name>', 'the system the file comes from (e.g. hr): stored with each user the import creates or updates')
    .option('--prune <mode>', 'disable or delete the users of --source that the file no longer names (and no one else)')
    .option('--max-prune <n>', 'refuse to prune more than N users without --force (default: 10 % of the source)')
    .option('--force', 'prune even more than --max-prune')
    .option('--no-invite', 'create new users without sending their invitation e-mail (sent by default)');
  addFileOptions(command, { formats: ['entra'] });
  addBulkOptions(command, 8)
    .addHelpText(
      'after',
      `
Every row is checked before anything is written (e-mail, name, role you may grant,
phone number, sites, modules and partners you have); any bad row is printed with its
line number and nothing is written (exit 2), as is an empty or header-only file
(unless --allow-empty) or one without the columns needed. Rows already in the cloud
are updated when they differ. An interrupted import (Ctrl-C, crash, lost cloud)
continues with --resume.

The separator (, ; tab) and the encoding (UTF-8 with or without BOM, or Windows-1252)
are found from the file and printed; --delimiter and --encoding set them. Columns are
matched by name (any case), by --map field=Column, or by --format entra (Microsoft Entra
ID bulk files). Columns not used are listed as a warning.

Exit codes: 0 every row done, 2 invalid file, 3 some rows failed, 4 not signed in.

Examples:
  varde users import people.csv --dry-run
  varde users import people.csv --concurrency 16 --report result.csv
  varde users import hr.csv --source hr --prune disable --no-invite
  varde users import entra.csv --format entra --role User
  varde users import people.csv --resume`,
    )
    .action(withContext<[string, UsersImportOptions]>(runImport));
}

function importSettings(options: UsersImportOptions): { defaultRole?: Role; prune?: PruneOptions } {
  const settings: { defaultRole?: Role; prune?: PruneOptions } = {};
  if (options.role !== undefined) {
    const parsed = role.safeParse(options.role);
    if (!parsed.success) throw usageError(`--role must be one of ${roles.join(', ')}.`);
    settings.defaultRole = parsed.data;
  }
  if (options.source !== undefined && !userSource.safeParse(options.source).success) {
    throw usageError('--source must be 1-40 lower-case letters, digits, . _ - (e.g. hr).');
  }
  if (options.prune === undefined) {
    if (options.maxPrune !== undefined || options.force) throw usageError('--max-prune and --force go with --prune.');
    return settings;
  }
  if (options.prune !== 'disable' && options.prune !== 'delete') throw usageError('--prune must be disable or delete.');
  if (options.source === undefined) throw usageError('--prune needs --source: only the users of that source are pruned.');
  let maxPrune: number | undefined;
  if (options.maxPrune !== undefined) {
    maxPrune = Number(options.maxPrune);
    if (!Number.isInteger(maxPrune) || maxPrune < 0) throw usageError('--max-prune must be a whole number (0 or more).');
  }
  settings.prune = { source: options.source, mode: options.prune, force: options.force === true, ...(maxPrune !== undefined ? { maxPrune } : {}) };
  return settings;
}

function runImport(context: CommandContext, file: string, options: UsersImportOptions): Promise<void> {
  const settings = importSettings(options);
  let prune: UsersPrune | undefined;
  return runBulkCommand({
    context,
    file,
    options,
    service: 'users',
    maxConcurrency: 256,
    commandLine: `varde users import ${file}`,
    columns: userColumns(settings.defaultRole !== undefined),
    async job(session, calls) {
      const grantable = await calls.safe(() => session.call('users', (http) => getGrantable(http)));
      const phone = await phoneNormaliser(grantable.defaultCountry ?? DEFAULT_PHONE_COUNTRY);
      if (settings.prune) {
        prune = new UsersPrune(session, settings.prune, {
          note: (text) => process.stderr.write(`${text}\n`),
          plan: (text) => {
            if (!context.output.json) process.stdout.write(`${text}\n`);
          },
        });
      }
      return usersImportJob(session, grantable, {
        record: { phone, ...(settings.defaultRole ? { defaultRole: settings.defaultRole } : {}) },
        ...(options.source !== undefined ? { source: options.source } : {}),
        invite: options.invite,
        ...(prune ? { prune } : {}),
      });
    },
    describe: (summary, dryRun) =>
      dryRun
        ? `Plan: ${summary.created} to create, ${summary.updated} to update, ${summary.unchanged} unchanged${prune?.describe(true) ?? ''}.`
        : `Done: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed` +
          `${prune?.describe(false) ?? ''}${doneEarlierNote(summary)} (${summary.rows} rows in ${summary.seconds.toFixed(1)} s).`,
    json: (dryRun) => ({ ...(options.source !== undefined ? { source: options.source } : {}), invite: options.invite, ...(prune?.json(dryRun) ?? {}) }),
  });
}

export interface UsersImportSettings {
  record?: UserRecordOptions;
  source?: string;
  /** false: new users get no invitation e-mail. */
  invite?: boolean;
  prune?: UsersPrune;
}

/** The users import as a bulk job: upsert keyed on e-mail, a create never applied twice. */
export function usersImportJob(session: CloudSession, grantable: GrantableResponse, settings: UsersImportSettings = {}): BulkJob<UserRow> {
  const users = <T>(run: (http: HttpClient) => Promise<T>) => session.call('users', run);
  const find = (email: string) => users((http) => findUserByEmail(http, email));
  const { source, prune } = settings;
  const createOptions = { ...(source !== undefined ? { source } : {}), ...(settings.invite === false ? { invite: false } : {}) };

  /** An import never enables a user: someone disabled them (a prune, or a person), and a person decides. */
  function noteDisabled(current: ManagedUser): void {
    if (current.disabled) process.stderr.write(`${current.username} is disabled: left disabled (varde users enable ${current.username}).\n`);
  }

  async function reconcile(row: UserRow, current: ManagedUser, calls: RowCalls): Promise<RowAction> {
    noteDisabled(current);
    const patch = patchFor(row, current, grantable, source);
    if (!patch) return 'unchanged';
    await calls.safe(() => users((http) => updateUser(http, current.uid, patch)));
    return 'update';
  }

  return {
    name: 'users import',
    validate: (record) => validateUserRecord(record, grantable, settings.record),
    keyOf: (row) => row.email,
    async plan(row, calls) {
      const current = await calls.safe(() => find(row.email));
      if (!current) return 'create';
      noteDisabled(current);
      return patchFor(row, current, grantable, source) ? 'update' : 'unchanged';
    },
    async apply(row, calls) {
      // Create first (one request per new user); a 409 turns the row into an update.
      const created = await calls.once<RowAction | 'exists'>(
        async () => {
          try {
            await users((http) => createUser(http, createBodyOf(row, createOptions)));
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
    ...(prune
      ? {
          prepare: (named, dryRun, calls) => prune.prepare(named, dryRun, calls),
          finish: (dryRun, calls) => prune.finish(dryRun, calls),
        }
      : {}),
  };
}
