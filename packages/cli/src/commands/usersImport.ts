import { existsSync } from 'node:fs';
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
import { runBulk, type BulkSummary } from '../bulk/runBulk.js';
import { DEFAULT_RETRY_POLICY } from '../bulk/retry.js';
import type { BulkJob, RowAction, RowCalls } from '../bulk/types.js';
import { createPoolFetch } from '../bulk/poolFetch.js';
import { CloudSession } from '../cloud/cloudSession.js';
import { createFetch } from '../cloud/proxyFetch.js';
import { serviceBaseUrl } from '../config/settings.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { withContext, type CommandContext } from '../context.js';
import { createBodyOf, patchFor, validateUserRecord, type UserRow } from './usersCsv.js';

interface ImportOptions {
  dryRun?: boolean;
  resume?: boolean;
  concurrency: string;
  retries: string;
  journal?: string;
  report?: string;
}

export function registerUsersImportCommand(users: Command): void {
  users
    .command('import')
    .description('Create or update users from a CSV (or JSON / JSON Lines) file, keyed on e-mail')
    .argument('<file>', 'users file: columns email, name, role, phone, language, sites, modules, partners')
    .option('--dry-run', 'print the plan (create / update / unchanged) against the live cloud; write nothing')
    .option('--resume', 'continue an interrupted import from its journal')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .option('--retries <n>', 'retries per request on 429, 5xx and lost connections', String(DEFAULT_RETRY_POLICY.retries))
    .option('--journal <file>', 'journal for --resume (default: FILE.varde-journal)')
    .option('--report <file>', 'write one line per row (line, key, action, status, error); .json or .csv')
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
    .action(withContext<[string, ImportOptions]>(runImport));
}

function positiveInteger(value: string, flag: string, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max) throw usageError(`${flag} must be a whole number from 0 to ${max}.`);
  return number;
}

async function runImport(context: CommandContext, file: string, options: ImportOptions): Promise<void> {
  const concurrency = Math.max(1, positiveInteger(options.concurrency, '--concurrency', 256));
  const retries = positiveInteger(options.retries, '--retries', 20);
  if (!existsSync(file)) throw usageError(`No such file: ${file}`);
  if (options.dryRun && options.resume) throw usageError('--dry-run and --resume do not go together.');
  if (!context.session.signedIn) throw new CliError(`Not signed in. Run: varde login`, EXIT.auth);

  // One kept-alive pool for the users service, sized to the concurrency (unless a proxy is configured).
  const usersOrigin = new URL(serviceBaseUrl(context.settings.cloud, 'users')).origin;
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => (process.env[name] ?? '') !== '');
  const pool = proxied ? undefined : await createPoolFetch(usersOrigin, concurrency, createFetch());
  const session = pool ? new CloudSession(context.settings, pool.fetch) : context.session;

  const interrupt = new AbortController();
  const onSigint = () => {
    if (interrupt.signal.aborted) process.exit(EXIT.interrupted);
    process.stderr.write('\nInterrupted: finishing the rows in flight (Ctrl-C again to quit at once)...\n');
    interrupt.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    const grantable = await session.call('users', (http) => getGrantable(http));
    const job = usersImportJob(session, grantable);
    const summary = await runBulk(job, {
      file,
      dryRun: options.dryRun === true,
      resume: options.resume === true,
      concurrency,
      journalPath: options.journal ?? `${file}.varde-journal`,
      ...(options.report ? { reportPath: options.report } : {}),
      retry: { ...DEFAULT_RETRY_POLICY, retries },
      printPlan: ({ line, key, action }) => process.stdout.write(`${action}\t${line}\t${key}\n`),
      note: (text) => process.stderr.write(`${text}\n`),
      signal: interrupt.signal,
    });
    finish(context, summary, file, options);
  } finally {
    process.off('SIGINT', onSigint);
    await pool?.close();
  }
}

function finish(context: CommandContext, summary: BulkSummary, file: string, options: ImportOptions): void {
  if (context.output.json) context.output.printJson(summary);
  if (summary.invalid > 0) {
    throw new CliError(`${summary.invalid} invalid row${summary.invalid === 1 ? '' : 's'} in ${file}; nothing was written.`, EXIT.usage);
  }
  const verb = options.dryRun ? 'Plan' : 'Done';
  const parts = [`${summary.created} to create`, `${summary.updated} to update`, `${summary.unchanged} unchanged`];
  const line = options.dryRun
    ? `${verb}: ${parts.join(', ')}.`
    : `${verb}: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed` +
      `${summary.doneEarlier ? `, ${summary.doneEarlier} done earlier` : ''} (${summary.rows} rows in ${summary.seconds.toFixed(1)} s).`;
  if (!context.output.json) process.stderr.write(`${line}\n`);
  if (summary.stopped === 'signed-out') throw new CliError('Session expired. Run: varde login, then varde users import --resume', EXIT.auth);
  const resume = `Run again with --resume to finish: varde users import ${file} --resume`;
  if (summary.stopped === 'interrupted') throw new CliError(`Interrupted; ${summary.notAttempted} rows not started. ${resume}`, EXIT.interrupted);
  if (summary.stopped === 'unreachable') {
    throw new CliError(`Stopped: the cloud cannot be reached; ${summary.notAttempted} rows not started. ${resume}`, EXIT.rowsFailed);
  }
  if (summary.failed > 0) throw new CliError(`${summary.failed} rows failed. ${resume}`, EXIT.rowsFailed);
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
