import { closeSync, openSync, writeSync } from 'node:fs';
import type { Command } from 'commander';
import { listLicenses, listLicenseTypes } from '@varde/core';
import { addIsoDuration, expirationChoices, type LicenseType, type StoredLicense } from '@varde/core/contract';
import { csvLine } from '../bulk/csvText.js';
import { usageError } from '../errors.js';
import { withContext, type CommandContext } from '../context.js';
import { LICENCE_FILE_COLUMNS } from './licencesCsv.js';
import { licensing, partnersOf } from './licencesShared.js';

/**
 * `varde licences export [FILE]`: the active licences as the CSV `varde licences import` reads. Imported
 * back, every row is recognised by its hardware and product (nothing is generated); a row added to the
 * file is generated. `expiration` is the type's duration that leads from the issue date to the expiry
 * (empty when none does: a licence that exists needs none).
 */
export function registerLicencesExportCommand(licences: Command): void {
  licences
    .command('export')
    .description('Write the active licences as CSV (what `varde licences import` reads)')
    .argument('[file]', 'output file (default: stdout)')
    .option('--partner <id>', 'only this partner (default: every partner you have)')
    .action(withContext<[string | undefined, { partner?: string }]>(runExport));
}

function durationOf(license: StoredLicense, type: LicenseType | undefined): string {
  const { issueDate, expirationDate } = license.licenseInfo;
  return (type ? expirationChoices(type) : []).find((choice) => addIsoDuration(issueDate, choice) === expirationDate) ?? '';
}

async function runExport(context: CommandContext, file: string | undefined, options: { partner?: string }): Promise<void> {
  const rows: Array<{ license: StoredLicense; type: LicenseType | undefined }> = [];
  for (const partner of await partnersOf(context, options.partner)) {
    const types = await licensing(context, (http) => listLicenseTypes(http, partner));
    for (const license of await licensing(context, (http) => listLicenses(http, partner))) {
      rows.push({ license, type: types.find((type) => type.id === license.licenseInfo.type) });
    }
  }
  // One column per field of the types the licences have, in the order the types define them.
  const fieldKeys = [...new Set(rows.flatMap(({ type }) => (type?.requiredFields ?? []).map((field) => field.tempInputKey)))];
  rows.sort((a, b) => a.license.licenseInfo.partner.localeCompare(b.license.licenseInfo.partner) || a.license.licenseInfo.name.localeCompare(b.license.licenseInfo.name));

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
    write(csvLine([...LICENCE_FILE_COLUMNS, ...fieldKeys]));
    for (const { license, type } of rows) {
      const info = license.licenseInfo as Record<string, unknown> & StoredLicense['licenseInfo'];
      const fixed = {
        partner: info.partner, type: info.type, name: info.name, issuedTo: info.issuedTo, administrator: info.administrator,
        hardwareId: info.hardwareId, expiration: durationOf(license, type), timeZone: license.metadata.timeZone, id: info.id,
      };
      write(csvLine([...LICENCE_FILE_COLUMNS.map((column) => fixed[column]), ...fieldKeys.map((key) => info[key] ?? '')]));
    }
  } finally {
    if (fd !== null) closeSync(fd);
  }
  if (fd !== null) process.stderr.write(`Exported ${rows.length} licences to ${file}.\n`);
}
