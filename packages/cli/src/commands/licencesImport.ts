import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { generateLicense, listLicenses, listLicenseTypes, listLicensingPartners, renewLicense, type HttpClient } from '@varde/core';
import { fileSha256 } from '../bulk/journal.js';
import { createPoolFetch } from '../bulk/poolFetch.js';
import { DEFAULT_RETRY_POLICY } from '../bulk/retry.js';
import { runBulk, type BulkSummary } from '../bulk/runBulk.js';
import type { BulkJob } from '../bulk/types.js';
import { CloudSession } from '../cloud/cloudSession.js';
import { createFetch } from '../cloud/proxyFetch.js';
import { serviceBaseUrl } from '../config/settings.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { withContext, type CommandContext } from '../context.js';
import { licenceRowKey, validateLicenceRecord, type LicenceRow, type LicensingCatalogue } from './licencesCsv.js';

interface ImportOptions {
  partner?: string;
  dryRun?: boolean;
  resume?: boolean;
  concurrency: string;
  retries: string;
  journal?: string;
  report?: string;
}

export function registerLicencesImportCommand(licences: Command): void {
  licences
    .command('import')
    .description('Generate or renew licences in bulk from a CSV (or JSON / JSON Lines) file')
    .argument('<file>', 'licences file: renew[,expiration] rows, or partner,type,name,issuedTo,administrator,hardwareId,expiration,<type fields>')
    .option('--partner <id>', 'partner of rows that do not name one')
    .option('--dry-run', 'print the plan (create / update = renew / unchanged = already renewed); write nothing')
    .option('--resume', 'continue an interrupted import from its journal')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .option('--retries <n>', 'retries per request on 429, 5xx and lost connections', String(DEFAULT_RETRY_POLICY.retries))
    .option('--journal <file>', 'journal for --resume (default: FILE.varde-journal)')
    .option('--report <file>', 'write one line per row (line, key, action, status, error); .json or .csv')
    .addHelpText(
      'after',
      `
Every row is checked first (partner, type, its required fields by type, expiry the type
offers, the licence to renew); any bad row is printed with its line number and nothing
is written (exit 2). Each row carries an idempotency key (the file's hash and the line),
so a row whose answer was lost is never applied twice when the import is resumed or run
again: the cloud answers the licence it made the first time.

Exit codes: 0 every row done, 2 invalid file, 3 some rows failed, 4 not signed in.

Examples:
  varde licences import renewals.csv --dry-run        # columns: renew,expiration
  varde licences import new.csv --partner fjordvarme --report result.csv
  varde licences import renewals.csv --resume`,
    )
    .action(withContext<[string, ImportOptions]>(runImport));
}

function wholeNumber(value: string, flag: string, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max) throw usageError(`${flag} must be a whole number from 0 to ${max}.`);
  return number;
}

async function loadCatalogue(session: CloudSession, onlyPartner?: string): Promise<LicensingCatalogue> {
  const call = <T>(run: (http: HttpClient) => Promise<T>) => session.call('licensing', run);
  const partners = (await call((http) => listLicensingPartners(http))).map((partner) => partner.id);
  const catalogue: LicensingCatalogue = { partners, types: new Map(), licenses: new Map() };
  for (const partner of onlyPartner ? partners.filter((id) => id === onlyPartner) : partners) {
    catalogue.types.set(partner, await call((http) => listLicenseTypes(http, partner)));
    for (const archived of [false, true]) {
      for (const license of await call((http) => listLicenses(http, partner, { archived }))) {
        catalogue.licenses.set(license.licenseInfo.id, { license, state: archived ? 'archived' : 'active' });
      }
    }
  }
  return catalogue;
}

async function runImport(context: CommandContext, file: string, options: ImportOptions): Promise<void> {
  const concurrency = Math.max(1, wholeNumber(options.concurrency, '--concurrency', 256));
  const retries = wholeNumber(options.retries, '--retries', 20);
  if (!existsSync(file)) throw usageError(`No such file: ${file}`);
  if (options.dryRun && options.resume) throw usageError('--dry-run and --resume do not go together.');
  if (!context.session.signedIn) throw new CliError('Not signed in. Run: varde login', EXIT.auth);

  const origin = new URL(serviceBaseUrl(context.settings.cloud, 'licensing')).origin;
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => (process.env[name] ?? '') !== '');
  const pool = proxied ? undefined : await createPoolFetch(origin, concurrency, createFetch());
  const session = pool ? new CloudSession(context.settings, pool.fetch) : context.session;

  const interrupt = new AbortController();
  const onSigint = () => {
    if (interrupt.signal.aborted) process.exit(EXIT.interrupted);
    process.stderr.write('\nInterrupted: finishing the rows in flight (Ctrl-C again to quit at once)...\n');
    interrupt.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    if (options.partner) {
      const partners = (await session.call('licensing', (http) => listLicensingPartners(http))).map((partner) => partner.id);
      if (!partners.includes(options.partner)) throw new CliError(`You are not a licensing administrator for ${options.partner}.`, EXIT.forbidden);
    }
    const catalogue = await loadCatalogue(session);
    const job = licencesImportJob(session, catalogue, (await fileSha256(file)).slice(0, 32), options.partner);
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
  const line = options.dryRun
    ? `Plan: ${summary.created} to generate, ${summary.updated} to renew, ${summary.unchanged} already renewed.`
    : `Done: ${summary.created} generated, ${summary.updated} renewed, ${summary.failed} failed` +
      `${summary.doneEarlier ? `, ${summary.doneEarlier} done earlier` : ''} (${summary.rows} rows in ${summary.seconds.toFixed(1)} s).`;
  if (!context.output.json) process.stderr.write(`${line}\n`);
  const resume = `Run again with --resume to finish: varde licences import ${file} --resume`;
  if (summary.stopped === 'signed-out') throw new CliError('Session expired. Run: varde login, then varde licences import --resume', EXIT.auth);
  if (summary.stopped === 'interrupted') throw new CliError(`Interrupted; ${summary.notAttempted} rows not started. ${resume}`, EXIT.interrupted);
  if (summary.stopped === 'unreachable') {
    throw new CliError(`Stopped: the cloud cannot be reached; ${summary.notAttempted} rows not started. ${resume}`, EXIT.rowsFailed);
  }
  if (summary.failed > 0) throw new CliError(`${summary.failed} rows failed. ${resume}`, EXIT.rowsFailed);
}

/**
 * The licences import as a bulk job. Generating and renewing are not naturally idempotent, so every
 * row sends an Idempotency-Key made of the file's hash and its line: a repeat (retry, resume after a
 * crash whose answer was lost, the same file run again) gets the licence the first request made.
 */
export function licencesImportJob(session: CloudSession, catalogue: LicensingCatalogue, fileKey: string, defaultPartner?: string): BulkJob<LicenceRow> {
  const call = <T>(run: (http: HttpClient) => Promise<T>) => session.call('licensing', run);
  const keyOf = (row: LicenceRow) => `varde-import:${fileKey}:${row.line}`;
  return {
    name: 'licences import',
    validate: (record) => validateLicenceRecord(record, catalogue, defaultPartner),
    keyOf: licenceRowKey,
    async plan(row) {
      if (row.kind === 'generate') return 'create';
      return catalogue.licenses.get(row.license.licenseInfo.id)?.state === 'active' ? 'update' : 'unchanged';
    },
    async apply(row, calls) {
      const idempotencyKey = keyOf(row);
      if (row.kind === 'generate') {
        await calls.safe(() => call((http) => generateLicense(http, row.request, { idempotencyKey })));
        return 'create';
      }
      await calls.safe(() => call((http) => renewLicense(http, row.license, row.expiration, { idempotencyKey })));
      return 'update';
    },
  };
}
