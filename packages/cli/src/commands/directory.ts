import type { Command } from 'commander';
import { listAuditRecords } from '@varde/core';
import {
  createdConnection,
  directoryGroup,
  listConnectionsResponse,
  listDirectoryGroupsResponse,
  roles,
  type AuditRecord,
  type CreatedConnection,
  type DirectoryConnection,
  type DirectoryGroup,
  type Role,
} from '@varde/core/contract';
import { withContext, type CommandContext } from '../context.js';
import { usageError } from '../errors.js';
import { formatTimestamp, type Column } from '../output/output.js';

interface MapOptions {
  role: string;
  sites?: string[];
}

interface LogOptions {
  connection?: string;
  since?: string;
  limit?: string;
}

/**
 * `varde directory …`: SCIM directory sync (issue 36). A partner's admin makes a connection for the
 * identity provider (Entra ID, Okta), maps its groups to a role and sites, and reads what it changed.
 */
export function registerDirectoryCommand(program: Command): void {
  const directory = program.command('directory').description('Directory sync (SCIM 2.0): connections for Entra ID or Okta, group mappings, what the directory changed (admins)');
  const connections = directory.command('connections').description("Your partner's SCIM connections");
  connections.command('list').description('List the connections (never their tokens)').action(withContext(runList));
  connections
    .command('create')
    .description('Make a connection: prints the SCIM base URL and its bearer token, shown only now')
    .requiredOption('--name <name>', 'what it is for, e.g. "Entra ID"')
    .action(withContext<[{ name: string }]>(runCreate));
  connections
    .command('rotate')
    .description('Give a connection a new token (the old one stops at once); printed once')
    .argument('<connection>', 'name or id')
    .action(withContext<[string]>(runRotate));
  connections
    .command('revoke')
    .description('Revoke a connection: its token stops at once; the users it made stay')
    .argument('<connection>', 'name or id')
    .action(withContext<[string]>(runRevoke));

  const groups = directory.command('groups').description("The directory's groups and the access each carries");
  groups.command('list').description('List the groups the directory pushed, with their role and sites').action(withContext(runGroups));
  groups
    .command('map')
    .description("Give a group a role and sites: a member's role is the highest of their groups', their sites the union")
    .argument('<group>', 'display name or id')
    .requiredOption('--role <role>', `${roles.join(', ')}, or none (the group carries no access)`)
    .option('--sites <uuid...>', 'the sites it gives (several after one --sites, or repeat)')
    .action(withContext<[string, MapOptions]>(runMap));

  directory
    .command('log')
    .description('What the directory changed, newest first (from the audit log)')
    .option('--connection <connection>', 'only this connection (name or id)')
    .option('--since <time>', 'from: 7d, 12h, 30m ago, or an ISO time')
    .option('--limit <n>', 'at most this many (default 100)')
    .action(withContext<[LogOptions]>(runLog));
}

async function listAll(context: CommandContext): Promise<DirectoryConnection[]> {
  return (await context.session.request('users', '/directory/connections', { schema: listConnectionsResponse })).data;
}

/** A connection by id, or by name among the live ones (a revoked one keeps its name in the list). */
async function connectionOf(context: CommandContext, connection: string): Promise<DirectoryConnection> {
  const all = await listAll(context);
  const byId = all.find((item) => item.id === connection);
  if (byId) return byId;
  const named = all.filter((item) => item.name === connection && item.revokedAt === null);
  if (named.length === 0) throw usageError(`No live connection named ${connection}.`);
  if (named.length > 1) throw usageError(`Several connections are named ${connection}: give the id.`);
  return named[0]!;
}

function printCreated(context: CommandContext, created: CreatedConnection, verb: string): void {
  if (context.output.json) return context.output.printJson(created);
  context.output.message(`${verb} connection "${created.connection.name}" (${created.connection.id}). In the identity provider:`);
  process.stdout.write(`Base URL (Tenant URL): ${created.baseUrl}\nToken (Secret Token), shown only now: ${created.token}\n`);
}

async function runList(context: CommandContext): Promise<void> {
  context.output.list(
    await listAll(context),
    [
      { header: 'Id', value: (item) => item.id },
      { header: 'Name', value: (item) => item.name },
      { header: 'State', value: (item) => (item.revokedAt === null ? 'live' : `revoked ${formatTimestamp(item.revokedAt)}`) },
      { header: 'Users', value: (item) => item.users },
      { header: 'Groups', value: (item) => item.groups },
      { header: 'Created', value: (item) => formatTimestamp(item.createdAt) },
      { header: 'Rotated', value: (item) => formatTimestamp(item.rotatedAt ?? undefined) },
    ],
    { empty: 'No directory connections.' },
  );
}

async function runCreate(context: CommandContext, options: { name: string }): Promise<void> {
  if (options.name.trim() === '') throw usageError('--name must not be empty.');
  const created = await context.session.request('users', '/directory/connections', { method: 'POST', body: { name: options.name }, schema: createdConnection });
  printCreated(context, created, 'Made');
}

async function runRotate(context: CommandContext, connection: string): Promise<void> {
  const { id } = await connectionOf(context, connection);
  printCreated(context, await context.session.request('users', `/directory/connections/${id}/rotate`, { method: 'POST', schema: createdConnection }), 'Rotated the token of');
}

async function runRevoke(context: CommandContext, connection: string): Promise<void> {
  const found = await connectionOf(context, connection);
  await context.session.request('users', `/directory/connections/${found.id}`, { method: 'DELETE' });
  context.output.message(`Revoked connection "${found.name}" (${found.id}).`);
}

async function allGroups(context: CommandContext): Promise<DirectoryGroup[]> {
  return (await context.session.request('users', '/directory/groups', { schema: listDirectoryGroupsResponse })).data;
}

async function runGroups(context: CommandContext): Promise<void> {
  context.output.list(
    await allGroups(context),
    [
      { header: 'Id', value: (group) => group.id },
      { header: 'Group', value: (group) => group.displayName },
      { header: 'Members', value: (group) => group.members },
      { header: 'Role', value: (group) => group.role ?? '-' },
      { header: 'Sites', value: (group) => group.sites.join(' '), full: true },
    ],
    { empty: 'No groups: the directory has pushed none yet.' },
  );
}

async function runMap(context: CommandContext, group: string, options: MapOptions): Promise<void> {
  // Checked whole before anything is sent.
  const role = options.role === 'none' ? null : options.role;
  if (role !== null && !(roles as readonly string[]).includes(role)) throw usageError(`Invalid --role "${options.role}": use ${roles.join(', ')} or none.`);
  const sites = (options.sites ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
  if (role === null && sites.length > 0) throw usageError('--role none carries no sites: leave out --sites.');
  const found = (await allGroups(context)).filter((item) => item.id === group || item.displayName === group);
  if (found.length === 0) throw usageError(`No directory group ${group}: see varde directory groups list.`);
  if (found.length > 1) throw usageError(`Several groups are named ${group}: give the id.`);
  const mapped = await context.session.request('users', `/directory/groups/${found[0]!.id}/access`, {
    method: 'PUT',
    body: { role: role as Role | null, sites },
    schema: directoryGroup,
  });
  if (context.output.json) return context.output.printJson(mapped);
  context.output.message(
    mapped.role === null ? `Group "${mapped.displayName}" carries no access.` : `Group "${mapped.displayName}" gives ${mapped.role} on ${mapped.sites.length} site(s) to its ${mapped.members} member(s).`,
  );
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since 7d` (or 12h, 30m), an ISO time, or ms since the epoch -> epoch ms. */
function sinceOf(value: string, now = Date.now()): number {
  const relative = /^(\d+)\s*(m|h|d)$/i.exec(value.trim());
  if (relative) return now - Number(relative[1]) * UNIT_MS[relative[2]!.toLowerCase()]!;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw usageError(`Invalid --since "${value}": use 7d, 12h, 30m, an ISO time or ms since the epoch.`);
  return ms;
}

const LOG_COLUMNS: Column<AuditRecord>[] = [
  { header: 'Time', value: (record) => formatTimestamp(record.at) },
  { header: 'Action', value: (record) => record.action },
  { header: 'Object', value: (record) => `${record.objectKind}${record.objectId ? ` ${record.objectId}` : ''}` },
  { header: 'Summary', value: (record) => record.summary, full: true },
];

async function runLog(context: CommandContext, options: LogOptions): Promise<void> {
  const limit = options.limit === undefined ? 100 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw usageError(`Invalid --limit "${options.limit}": a whole number from 1 to 1000.`);
  const since = options.since === undefined ? undefined : String(sinceOf(options.since));
  const actorId = options.connection === undefined ? undefined : (await connectionOf(context, options.connection)).id;
  const { records } = await context.session.call('audit', (http) =>
    listAuditRecords(http, { actorKind: 'directory', ...(actorId ? { actorId } : {}), ...(since ? { since } : {}), limit }),
  );
  context.output.list(records, LOG_COLUMNS, { empty: 'The directory changed nothing yet.' });
}
