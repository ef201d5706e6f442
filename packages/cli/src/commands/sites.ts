import type { Command } from 'commander';
import { listAllSites, type SiteListKind } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { usageError } from '../errors.js';
import type { Column } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';

interface SitesListOptions {
  admin?: boolean;
  status?: string;
  siteVersion?: string;
  name?: string;
  csv?: boolean;
}

const STATUSES = ['online', 'offline', 'unavailable'] as const;
type SiteStatus = (typeof STATUSES)[number];

/** webpmpReady -> the word the portal's tooltip uses. */
export function siteStatusWord(webpmpReady: Site['webpmpReady'] | undefined): SiteStatus | 'unknown' {
  if (webpmpReady === true) return 'online';
  if (webpmpReady === false) return 'offline';
  if (webpmpReady === null) return 'unavailable';
  return 'unknown';
}

const SITE_COLUMNS: Column<Site>[] = [
  { header: 'Name', value: (site) => site.name },
  { header: 'Status', value: (site) => siteStatusWord(site.webpmpReady) },
  { header: 'Version', value: (site) => site.version },
  { header: 'Hostname', value: (site) => site.hostname },
  { header: 'Uuid', value: (site) => site.uuid, full: true },
  { header: 'Latitude', value: (site) => site.latitude },
  { header: 'Longitude', value: (site) => site.longitude },
];

/** `varde sites list`: the signed-in user's sites (or those they administer), filtered. */
export function registerSitesCommand(program: Command): void {
  const sites = program.command('sites').description('List your sites (controllers)');
  sites
    .command('list')
    .description('List your sites, by name')
    .option('--admin', 'the sites you administer instead of the sites you have')
    .option('--status <status>', 'only online, offline or unavailable sites')
    .option('--site-version <version>', 'only sites running this version (e.g. 4.0)')
    .option('--name <text>', 'only sites whose name contains the text (case-insensitive)')
    .option('--csv', 'print CSV with a header (for spreadsheets)')
    .action(withContext<[SitesListOptions]>(runSitesList));
}

async function runSitesList(context: CommandContext, options: SitesListOptions): Promise<void> {
  if (options.status !== undefined && !STATUSES.includes(options.status as SiteStatus)) {
    throw usageError(`Invalid --status "${options.status}": use online, offline or unavailable.`);
  }
  if (options.csv && context.output.json) throw usageError('Use either --csv or --json, not both.');
  const list: SiteListKind = options.admin ? 'adminControllers' : 'controllers';
  const all = await context.session.call('controllers-api', (http) => listAllSites(http, { list }));
  const name = options.name?.toLowerCase();
  const shown = all.filter(
    (site) =>
      (options.status === undefined || siteStatusWord(site.webpmpReady) === options.status) &&
      (options.siteVersion === undefined || site.version === options.siteVersion) &&
      (name === undefined || site.name.toLowerCase().includes(name)),
  );
  if (options.csv) {
    process.stdout.write(toCsv(shown, SITE_COLUMNS));
    return;
  }
  context.output.list(shown, SITE_COLUMNS, { empty: 'No sites.' });
}

/** RFC 4180 CSV; cells starting with = + - @ get a quote so spreadsheets do not run them. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const cell = (value: unknown): string => {
    const text = value === null || value === undefined ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [columns.map((column) => cell(column.header)), ...rows.map((row) => columns.map((column) => cell(column.value(row))))];
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}
