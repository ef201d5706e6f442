import type { Command } from 'commander';
import { generateLicense, listLicenses, listLicenseTypes, listLicensingPartners, renewLicense, type HttpClient } from '@varde/core';
import { addBulkOptions, addFileOptions, doneEarlierNote, runBulkCommand, type BulkCommandOptions } from '../bulk/bulkCommand.js';
import { fileSha256 } from '../bulk/journal.js';
import type { BulkJob, RowCalls } from '../bulk/types.js';
import type { CloudSession } from '../cloud/cloudSession.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { withContext, type CommandContext } from '../context.js';
import { activeByContent, differingFields, licenceRowKey, validateLicenceRecord, type LicenceRow, type LicensingCatalogue } from './licencesCsv.js';

interface ImportOptions extends BulkCommandOptions {
  partner?: string;
}

export function registerLicencesImportCommand(licences: Command): void {
  const command = licences
    .command('import')
    .description('Generate or renew licences in bulk from a CSV (or JSON / JSON Lines) file')
    .argument('<file>', 'licences file: renew[,expiration] rows, or partner,type,name,issuedTo,administrator,hardwareId,expiration,<type fields>')
    .option('--partner <id>', 'partner of rows that do not name one')
    .option('--dry-run', 'print the plan (create = generate / update = renew / unchanged = exists or already renewed); write nothing');
  addFileOptions(command);
  addBulkOptions(command, 8)
    .addHelpText(
      'after',
      `
Every row is checked first (partner, type, its required fields by type, expiry the type
offers, the licence to renew); any bad row is printed with its line number and nothing
is written (exit 2). A row whose hardware and product (partner, type, hardwareId) have an
active licence is recognised and not generated again, so an edited file generates only
its new rows; varde licences export writes such a file. Each row carries an idempotency
key (the file's hash and the line), so a row whose answer was lost is never applied twice
when the import is resumed: the cloud answers the licence it made the first time.

Exit codes: 0 every row done, 2 invalid file, 3 some rows failed, 4 not signed in.

Examples:
  varde licences import renewals.csv --dry-run        # columns: renew,expiration
  varde licences import new.csv --partner fjordvarme --report result.csv
  varde licences import renewals.csv --resume`,
    )
    .action(withContext<[string, ImportOptions]>(runImport));
}

async function loadCatalogue(session: CloudSession, calls: RowCalls, onlyPartner?: string): Promise<LicensingCatalogue> {
  const call = <T>(run: (http: HttpClient) => Promise<T>) => calls.safe(() => session.call('licensing', run));
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

function runImport(context: CommandContext, file: string, options: ImportOptions): Promise<void> {
  return runBulkCommand({
    context,
    file,
    options,
    service: 'licensing',
    maxConcurrency: 256,
    commandLine: `varde licences import ${file}`,
    async job(session, calls) {
      if (options.partner) {
        const partners = (await calls.safe(() => session.call('licensing', (http) => listLicensingPartners(http)))).map((partner) => partner.id);
        if (!partners.includes(options.partner)) throw new CliError(`You are not a licensing administrator for ${options.partner}.`, EXIT.forbidden);
      }
      const catalogue = await loadCatalogue(session, calls);
      return licencesImportJob(session, catalogue, (await fileSha256(file)).slice(0, 32), options.partner);
    },
    describe: (summary, dryRun) =>
      dryRun
        ? `Plan: ${summary.unchanged} unchanged, ${summary.created} to generate, ${summary.updated} to renew.`
        : `Done: ${summary.unchanged} unchanged, ${summary.created} generated, ${summary.updated} renewed, ${summary.failed} failed` +
          `${doneEarlierNote(summary)} (${summary.rows} rows in ${summary.seconds.toFixed(1)} s).`,
  });
}

/**
 * The licences import as a bulk job. Generating and renewing are not naturally idempotent, so every
 * row sends an Idempotency-Key made of the file's hash and its line: a repeat (retry, resume after a
 * crash whose answer was lost, the same file run again) gets the licence the first request made.
 */
export function licencesImportJob(session: CloudSession, catalogue: LicensingCatalogue, fileKey: string, defaultPartner?: string): BulkJob<LicenceRow> {
  const call = <T>(run: (http: HttpClient) => Promise<T>) => session.call('licensing', run);
  const keyOf = (row: LicenceRow) => `varde-import:${fileKey}:${row.line}`;
  const active = activeByContent(catalogue);
  /** A row for a licence that exists is left alone; fields it would change are pointed out, not applied. */
  const exists = (row: LicenceRow): boolean => {
    if (row.kind !== 'generate' || !row.existing) return false;
    const differing = differingFields(row, row.existing);
    if (differing.length > 0) {
      process.stderr.write(
        `line ${row.line}: ${row.request.licenseInfo.hardwareId} (${row.request.licenseInfo.type}) has the licence ${row.existing.licenseInfo.id} ` +
          `with another ${differing.join(', ')}: left as it is (renew or archive it to change it).\n`,
      );
    }
    return true;
  };
  return {
    name: 'licences import',
    validate: (record) => validateLicenceRecord(record, catalogue, defaultPartner, active),
    keyOf: licenceRowKey,
    async plan(row) {
      if (row.kind === 'generate') return exists(row) ? 'unchanged' : 'create';
      return catalogue.licenses.get(row.license.licenseInfo.id)?.state === 'active' ? 'update' : 'unchanged';
    },
    async apply(row, calls) {
      const idempotencyKey = keyOf(row);
      if (exists(row)) return 'unchanged';
      if (row.kind === 'generate') {
        await calls.safe(() => call((http) => generateLicense(http, row.request, { idempotencyKey })));
        return 'create';
      }
      await calls.safe(() => call((http) => renewLicense(http, row.license, row.expiration, { idempotencyKey })));
      return 'update';
    },
  };
}
