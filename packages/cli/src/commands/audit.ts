import type { Command } from 'commander';
import { AUDIT_PAGE_MAX, type AuditQuery, type AuditRecord } from '@varde/core/contract';
import { auditRecordsToCsv, findUserByEmail, listAllAuditRecords, listAuditRecords } from '@varde/core';
import { withContext, type CommandContext } from '../context.js';
import { usageError } from '../errors.js';
import { formatTimestamp, type Column } from '../output/output.js';

interface AuditListOptions {
  since?: string;
  until?: string;
  user?: string;
  actorKind?: string;
  action?: string;
  kind?: string;
  object?: string;
  limit?: string;
  all?: boolean;
  csv?: boolean;
}

const ACTOR_KINDS = ['person', 'service', 'directory', 'system'];
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since 7d` (or 12h, 30m), an ISO time, or ms since the epoch -> epoch ms; `now` anchors the relative forms. */
export function parseAuditTime(value: string, flag: string, now = Date.now()): number {
  const relative = /^(\d+)\s*(m|h|d)$/i.exec(value.trim());
  if (relative) return now - Number(relative[1]) * UNIT_MS[relative[2]!.toLowerCase()]!;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw usageError(`Invalid ${flag} "${value}": use 7d, 12h, 30m, an ISO time (2026-11-01 or 2026-11-01T08:00:00Z) or ms since the epoch.`);
  return ms;
}

const COLUMNS: Column<AuditRecord>[] = [
  { header: 'Time', value: (record) => formatTimestamp(record.at) },
  { header: 'Who', value: (record) => `${record.actor.kind}${record.actor.email ?? record.actor.id ? ` ${record.actor.email ?? record.actor.id}` : ''}${record.actor.tokenId ? ` (token ${record.actor.tokenId})` : ''}` },
  { header: 'Action', value: (record) => record.action },
  { header: 'Object', value: (record) => `${record.objectKind}${record.objectId ? ` ${record.objectId}` : ''}` },
  { header: 'Summary', value: (record) => record.summary, full: true },
  { header: 'From', value: (record) => record.address },
];

/** `varde audit list`: who changed what (the audit log, GET /cloud/audit/records), newest first. Admins only. */
export function registerAuditCommand(program: Command): void {
  const audit = program.command('audit').description('The audit log: who changed what, when and from where (admins)');
  audit
    .command('list')
    .description('Records newest first; filters combine')
    .option('--since <time>', 'from: 7d, 12h, 30m ago, or an ISO time')
    .option('--until <time>', 'before: as --since')
    .option('--user <email|uid>', 'records by this account or about it')
    .option('--actor-kind <kind>', `only this kind of actor: ${ACTOR_KINDS.join(', ')}`)
    .option('--action <action>', 'only this action, e.g. user.create, alarm.acknowledge')
    .option('--kind <kind>', 'only this kind of object, e.g. user, alarm, function, licence')
    .option('--object <id>', 'only this object (its id)')
    .option('--limit <n>', `at most this many (default 100; with --all every match)`)
    .option('--all', 'every matching record, page after page')
    .option('--csv', 'print CSV with a header (for spreadsheets)')
    .action(withContext<[AuditListOptions]>(runList));
}

/** The query, checked whole before anything is sent. */
function queryOf(options: AuditListOptions, now: number): AuditQuery & { limit?: number } {
  const query: AuditQuery & { limit?: number } = {};
  if (options.since !== undefined) query.since = String(parseAuditTime(options.since, '--since', now));
  if (options.until !== undefined) query.until = String(parseAuditTime(options.until, '--until', now));
  if (options.actorKind !== undefined) {
    if (!ACTOR_KINDS.includes(options.actorKind)) throw usageError(`Invalid --actor-kind "${options.actorKind}": use ${ACTOR_KINDS.join(', ')}.`);
    query.actorKind = options.actorKind as AuditQuery['actorKind'];
  }
  if (options.action !== undefined) query.action = options.action;
  if (options.kind !== undefined) query.objectKind = options.kind;
  if (options.object !== undefined) query.objectId = options.object;
  if (options.limit !== undefined) {
    const limit = Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1) throw usageError(`Invalid --limit "${options.limit}": a whole number, 1 or more.`);
    query.limit = limit;
  }
  return query;
}

async function runList(context: CommandContext, options: AuditListOptions): Promise<void> {
  if (options.csv && context.output.json) throw usageError('Use either --csv or --json, not both.');
  const query = queryOf(options, Date.now());
  if (options.user !== undefined) query.userId = await userIdOf(context, options.user);
  const { limit, ...filters } = query;
  const records = options.all || (limit !== undefined && limit > AUDIT_PAGE_MAX)
    ? await context.session.call('audit', (http) => listAllAuditRecords(http, filters, limit ?? Number.MAX_SAFE_INTEGER))
    : (await context.session.call('audit', (http) => listAuditRecords(http, { ...filters, ...(limit !== undefined ? { limit } : {}) }))).records;
  if (options.csv) {
    process.stdout.write(auditRecordsToCsv(records));
    return;
  }
  context.output.list(records, COLUMNS, { empty: 'No audit records match.' });
}

/** An e-mail names a user through the users service; anything else is taken as an account's id. */
async function userIdOf(context: CommandContext, user: string): Promise<string> {
  if (!user.includes('@')) return user;
  const found = await context.session.call('users', (http) => findUserByEmail(http, user));
  if (!found) throw usageError(`No user ${user} that you manage; give their id instead.`);
  return found.uid;
}
