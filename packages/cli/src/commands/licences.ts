import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import {
  archiveLicense,
  fetchLicenseJwks,
  generateLicense,
  getLicense,
  isHttpError,
  listLicenses,
  listLicenseTypes,
  renewLicense,
  verifyLicenseFile,
  type IssuedLicense,
} from '@varde/core';
import {
  DEFAULT_LICENSE_TIME_ZONE,
  expirationChoices,
  licenseFileName,
  licenseJwks,
  type GetLicenseResponse,
  type LicenseJwks,
  type StoredLicense,
} from '@varde/core/contract';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { withContext, type CommandContext } from '../context.js';
import { registerLicencesExportCommand } from './licencesExport.js';
import { registerLicencesImportCommand } from './licencesImport.js';
import { fieldsFrom, LICENCE_COLUMNS, licenceFields, licensing, partnersOf } from './licencesShared.js';

const collect = (value: string, previous: string[]) => [...previous, value];

/** `varde licences list|get|generate|renew|archive|download|import|export|verify`. */
export function registerLicencesCommand(program: Command): void {
  const licences = program
    .command('licences')
    .alias('licenses')
    .description('List, generate, renew, archive, download, import, export and verify licences');

  licences
    .command('list')
    .description('Licences of your licensing partners (active, or the archive)')
    .option('--partner <id>', 'only this partner (default: every partner you have)')
    .option('--archived', 'the archive instead of the active licences')
    .option('--search <text>', 'only licences whose name, customer, hardware id or id contains the text')
    .action(withContext<[{ partner?: string; archived?: boolean; search?: string }]>(async (context, options) => {
      const rows: StoredLicense[] = [];
      for (const partner of await partnersOf(context, options.partner)) {
        rows.push(...(await licensing(context, (http) => listLicenses(http, partner, { archived: options.archived === true }))));
      }
      const needle = options.search?.toLowerCase();
      const shown = needle
        ? rows.filter(({ licenseInfo: info }) => [info.name, info.issuedTo, info.hardwareId, info.id].some((text) => text.toLowerCase().includes(needle)))
        : rows;
      context.output.list(shown, LICENCE_COLUMNS, { empty: 'No licences.' });
    }));

  licences
    .command('get')
    .description('Show one licence (active or archived), with its chain of previous licences')
    .argument('<id>', 'licence id')
    .option('--partner <id>', 'the licence\'s partner (default: looked up among yours)')
    .action(withContext<[string, { partner?: string }]>(async (context, id, options) => {
      const found = await findLicence(context, id, options.partner);
      context.output.record(
        licenceFields(found.license, [{ key: 'state', label: 'State', value: found.state }]),
        { ...found.license, state: found.state },
      );
    }));

  licences
    .command('generate')
    .description('Generate a licence and write its file')
    .requiredOption('--partner <id>', 'licensing partner')
    .requiredOption('--type <id>', 'licence type')
    .requiredOption('--name <name>', 'licence name')
    .requiredOption('--issued-to <customer>', 'customer the licence is issued to')
    .requiredOption('--administrator <email>', 'the customer\'s administrator')
    .requiredOption('--hardware-id <id>', 'the controller\'s hardware id')
    .option('--expiration <duration>', 'ISO duration, one the type offers (P1Y...); needed when it offers several')
    .option('--time-zone <zone>', 'the licence\'s time zone', DEFAULT_LICENSE_TIME_ZONE)
    .option('--field <key=value>', 'a field of the licence type (repeatable)', collect, [])
    .option('--out <file>', 'where to write the licence file (default: <name>license.bin here)')
    .action(withContext<[GenerateOptions]>(async (context, options) => {
      const issued = await licensing(context, (http) =>
        generateLicense(http, {
          licenseInfo: {
            ...fieldsFrom(options.field),
            name: options.name, issuedTo: options.issuedTo, administrator: options.administrator,
            partner: options.partner, type: options.type, hardwareId: options.hardwareId,
          },
          metadata: { timeZone: options.timeZone },
          ...(options.expiration ? { expiration: options.expiration } : {}),
        }),
      );
      writeIssued(context, issued, options.out);
    }));

  licences
    .command('renew')
    .description('Renew a licence: issued today with the chosen expiry; the old one is archived')
    .argument('<id>', 'licence id')
    .option('--partner <id>', 'the licence\'s partner (default: looked up among yours)')
    .option('--expiration <duration>', 'ISO duration, one the type offers; needed when it offers several')
    .option('--out <file>', 'where to write the new licence file (default: <name>license.bin here)')
    .action(withContext<[string, { partner?: string; expiration?: string; out?: string }]>(async (context, id, options) => {
      const found = await findLicence(context, id, options.partner);
      if (found.state !== 'active') throw new CliError(`The licence ${id} is archived; renew its newest successor instead.`, EXIT.failure);
      const expiration = options.expiration ?? (await defaultExpiration(context, found.license));
      writeIssued(context, await licensing(context, (http) => renewLicense(http, found.license, expiration)), options.out);
    }));

  licences
    .command('archive')
    .description('Archive (delete) a licence')
    .argument('<id>', 'licence id')
    .option('--partner <id>', 'the licence\'s partner (default: looked up among yours)')
    .action(withContext<[string, { partner?: string }]>(async (context, id, options) => {
      const found = await findLicence(context, id, options.partner);
      await licensing(context, (http) => archiveLicense(http, found.license.licenseInfo.partner, id));
      if (context.output.json) context.output.printJson({ id, archived: true });
      else process.stderr.write(`Archived ${found.license.licenseInfo.name} (${id}).\n`);
    }));

  licences
    .command('download')
    .description('Write a licence file (or, with --all, every active licence of a partner)')
    .argument('[id]', 'licence id')
    .option('--partner <id>', 'the partner (required with --all)')
    .option('--all', 'every active licence of --partner, into the folder --out')
    .option('--out <path>', 'file (one licence) or folder (--all); default: <name>license.bin here')
    .action(withContext<[string | undefined, { partner?: string; all?: boolean; out?: string }]>(async (context, id, options) => {
      if (options.all) {
        if (id) throw usageError('Give either a licence id or --all, not both.');
        if (!options.partner || !options.out) throw usageError('--all needs --partner P and --out DIR.');
        await downloadAll(context, options.partner, options.out);
        return;
      }
      if (!id) throw usageError('Give a licence id, or --all --partner P --out DIR.');
      const found = await findLicence(context, id, options.partner);
      const path = options.out ?? licenseFileName(found.license.licenseInfo.name);
      writeFileSync(path, found.file);
      if (context.output.json) context.output.printJson({ id, path });
      else process.stderr.write(`Wrote ${path}\n`);
    }));

  licences
    .command('verify')
    .description('Check a licence file\'s signature and expiry, and print its fields')
    .argument('<file>', 'licence file')
    .option('--jwks <file>', 'the cloud\'s public keys as saved before (offline); default: fetched from the cloud')
    .action(withContext<[string, { jwks?: string }]>(async (context, file, options) => {
      if (!existsSync(file)) throw usageError(`No such file: ${file}`);
      const jwks = options.jwks ? readJwks(options.jwks) : await context.session.call('licensing', (http) => fetchLicenseJwks(http), { tokenRequired: false });
      const result = await verifyLicenseFile(readFileSync(file, 'utf8'), jwks);
      if (result.valid) {
        context.output.record(licenceFields(result.license, [{ key: 'valid', label: 'Valid', value: 'yes' }]), { valid: true, ...result.license });
        return;
      }
      if (context.output.json) context.output.printJson({ valid: false, reason: result.reason, message: result.message });
      else if (result.license) context.output.record(licenceFields(result.license, [{ key: 'valid', label: 'Valid', value: 'no' }]), null);
      throw new CliError(`Licence file is not valid: ${result.message}`, EXIT.failure);
    }));

  registerLicencesImportCommand(licences);
  registerLicencesExportCommand(licences);
}

interface GenerateOptions {
  partner: string; type: string; name: string; issuedTo: string; administrator: string; hardwareId: string;
  expiration?: string; timeZone: string; field: string[]; out?: string;
}

function readJwks(path: string): LicenseJwks {
  const parsed = licenseJwks.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw usageError(`${path} is not a JWKS with an Ed25519 key.`);
  return parsed.data;
}

/** A licence by id, in --partner or in the first of the user's partners that has it. */
async function findLicence(context: CommandContext, id: string, partner: string | undefined): Promise<GetLicenseResponse> {
  for (const candidate of await partnersOf(context, partner)) {
    try {
      return await licensing(context, (http) => getLicense(http, candidate, id));
    } catch (error) {
      if (!(isHttpError(error) && error.status === 404) || partner) throw error;
    }
  }
  throw new CliError(`No licence ${id} among your partners.`, EXIT.notFound);
}

/** The type's one duration, or an error listing its options. */
async function defaultExpiration(context: CommandContext, license: StoredLicense): Promise<string> {
  const types = await licensing(context, (http) => listLicenseTypes(http, license.licenseInfo.partner));
  const type = types.find((item) => item.id === license.licenseInfo.type);
  const choices = type ? expirationChoices(type) : [];
  if (choices.length === 1) return choices[0]!;
  throw usageError(`Choose --expiration: ${choices.join(', ') || 'the type offers none'}.`);
}

function writeIssued(context: CommandContext, issued: IssuedLicense, out: string | undefined): void {
  const path = out ?? licenseFileName(issued.license.licenseInfo.name);
  writeFileSync(path, issued.file);
  context.output.record(licenceFields(issued.license, [{ key: 'file', label: 'File', value: path }]), { ...issued.license, file: path });
}

async function downloadAll(context: CommandContext, partner: string, folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const active = await licensing(context, (http) => listLicenses(http, partner));
  const written: Array<{ id: string; path: string }> = [];
  const used = new Set<string>();
  for (const item of active) {
    const { file } = await licensing(context, (http) => getLicense(http, partner, item.licenseInfo.id));
    // Two licences with one name would share a file name: the later gets its id in front.
    let name = licenseFileName(item.licenseInfo.name);
    if (used.has(name)) name = `${item.licenseInfo.id}-${name}`;
    used.add(name);
    const path = join(folder, name);
    writeFileSync(path, file);
    written.push({ id: item.licenseInfo.id, path });
  }
  if (context.output.json) context.output.printJson(written);
  else process.stderr.write(`Wrote ${written.length} licence files to ${folder}\n`);
}
