import type { Command } from 'commander';
import {
  createUser,
  deleteUser,
  findUserByEmail,
  getUser,
  listUsers,
  setUserAccess,
  updateUser,
  type HttpClient,
} from '@varde/core';
import type { GrantKind, ManagedUser, UpdateUserRequest } from '@varde/core/contract';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { promptVisible, stdinIsTerminal } from '../io/prompt.js';
import { withContext, type CommandContext } from '../context.js';
import { registerUsersExportCommand } from './usersExport.js';
import { registerUsersImportCommand } from './usersImport.js';

/** `varde users list|get|create|update|delete|disable|enable|import|export|grant|revoke`. */
export function registerUsersCommand(program: Command): void {
  const users = program.command('users').description('List, create, change, grant to, delete, import and export users');

  users
    .command('list')
    .description('List the users you manage')
    .option('--search <text>', 'only users whose e-mail, name or phone contains the text')
    .option('--source <name>', 'only the users an import of this source made or updated (varde users import --source)')
    .action(withContext<[{ search?: string; source?: string }]>(async (context, options) => {
      const query = { ...(options.search ? { search: options.search } : {}), ...(options.source ? { source: options.source } : {}) };
      const page = await call(context, (http) => listUsers(http, query));
      context.output.list(page.data, USER_COLUMNS, { jsonValue: page.data, empty: 'No users.' });
    }));

  users
    .command('get')
    .description('Show one user')
    .argument('<user>', 'e-mail or uid')
    .action(withContext<[string]>(async (context, user) => {
      printUser(context, await resolveUser(context, user));
    }));

  users
    .command('create')
    .description('Create a user (Admin and PowerUser grant any role; User grants User, Guest, Viewer)')
    .requiredOption('--email <email>', 'e-mail address (sign-in name)')
    .requiredOption('--name <name>', 'full name')
    .requiredOption('--role <role>', 'Admin, PowerUser, User, Guest or Viewer')
    .option('--phone <phone>', 'phone number')
    .option('--language <code>', 'no, en or se')
    .option('--site <uuid>', 'site access (repeatable)', collect, [])
    .option('--module <name>', 'module access (repeatable)', collect, [])
    .action(withContext<[CreateOptions]>(async (context, options) => {
      const body: Parameters<typeof createUser>[1] = { username: options.email, name: options.name, role: options.role as ManagedUser['role'] };
      if (options.phone) body.phone = options.phone;
      if (options.language) body.language = options.language as ManagedUser['language'];
      if (options.site.length) body.controllers = mapOf(options.site);
      if (options.module.length) body.moduleAccesses = mapOf(options.module) as never;
      printUser(context, await call(context, (http) => createUser(http, body)));
    }));

  users
    .command('update')
    .description('Change a user\'s e-mail, name, phone, role or language')
    .argument('<user>', 'e-mail or uid')
    .option('--email <email>', 'new e-mail address')
    .option('--name <name>')
    .option('--phone <phone>', 'new phone number ("" removes it)')
    .option('--role <role>')
    .option('--language <code>', 'no, en or se')
    .action(withContext<[string, UpdateOptions]>(async (context, user, options) => {
      const patch: Record<string, string> = {};
      if (options.email !== undefined) patch.username = options.email;
      for (const key of ['name', 'phone', 'role', 'language'] as const) if (options[key] !== undefined) patch[key] = options[key]!;
      if (Object.keys(patch).length === 0) throw usageError('Nothing to change: give --email, --name, --phone, --role or --language.');
      const target = await resolveUser(context, user);
      printUser(context, await call(context, (http) => updateUser(http, target.uid, patch as UpdateUserRequest)));
    }));

  users
    .command('delete')
    .description('Delete a user (asks first; --yes when not on a terminal)')
    .argument('<user>', 'e-mail or uid')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(withContext<[string, { yes?: boolean }]>(async (context, user, options) => {
      const target = await resolveUser(context, user);
      await confirm(`Delete ${target.username} (${target.name})?`, options.yes === true);
      await call(context, (http) => deleteUser(http, target.uid));
      context.output.message(`Deleted ${target.username}.`);
    }));

  for (const [verb, disabled] of [['disable', true], ['enable', false]] as const) {
    users
      .command(verb)
      .description(disabled ? 'Disable a user: their sessions and access tokens end at once, sign-in is refused; the account stays' : 'Enable a disabled user again')
      .argument('<user>', 'e-mail or uid')
      .action(withContext<[string]>(async (context, user) => {
        const target = await resolveUser(context, user);
        printUser(context, await call(context, (http) => updateUser(http, target.uid, { disabled })));
      }));
  }

  for (const [verb, on] of [['grant', true], ['revoke', false]] as const) {
    users
      .command(verb)
      .description(`${on ? 'Give' : 'Take'} sites, modules or licensing partners ${on ? 'to' : 'from'} a user`)
      .argument('<user>', 'e-mail or uid')
      .option('--site <uuid>', 'site (repeatable)', collect, [])
      .option('--module <name>', 'module (repeatable)', collect, [])
      .option('--partner <id>', 'licensing partner (repeatable)', collect, [])
      .action(withContext<[string, GrantOptions]>(async (context, user, options) => {
        const changes: Array<[GrantKind, string]> = [
          ...options.site.map((key): [GrantKind, string] => ['sites', key]),
          ...options.module.map((key): [GrantKind, string] => ['modules', key]),
          ...options.partner.map((key): [GrantKind, string] => ['licensingPartners', key]),
        ];
        if (changes.length === 0) throw usageError(`Nothing to ${verb}: give --site, --module or --partner.`);
        const target = await resolveUser(context, user);
        let latest = target;
        for (const [kind, key] of changes) latest = await call(context, (http) => setUserAccess(http, target.uid, kind, key, on));
        printUser(context, latest);
      }));
  }

  registerUsersImportCommand(users);
  registerUsersExportCommand(users);
  for (const command of users.commands) command.exitOverride();
  users.exitOverride();
}

interface CreateOptions { email: string; name: string; role: string; phone?: string; language?: string; site: string[]; module: string[] }
interface UpdateOptions { email?: string; name?: string; phone?: string; role?: string; language?: string }
interface GrantOptions { site: string[]; module: string[]; partner: string[] }

const USER_COLUMNS = [
  { header: 'username', value: (user: ManagedUser) => user.username },
  { header: 'name', value: (user: ManagedUser) => user.name },
  { header: 'phone', value: (user: ManagedUser) => user.phone ?? '' },
  { header: 'role', value: (user: ManagedUser) => user.role },
  { header: 'uid', value: (user: ManagedUser) => user.uid, full: true },
  // After uid, so scripts that cut the columns before them read what they did.
  { header: 'source', value: (user: ManagedUser) => user.source ?? '' },
  { header: 'disabled', value: (user: ManagedUser) => (user.disabled ? 'yes' : '') },
];

function call<T>(context: CommandContext, run: (http: HttpClient) => Promise<T>): Promise<T> {
  return context.session.call('users', run);
}

/** A user named by e-mail (contains @) or uid. */
async function resolveUser(context: CommandContext, user: string): Promise<ManagedUser> {
  if (!user.includes('@')) return call(context, (http) => getUser(http, user));
  const found = await call(context, (http) => findUserByEmail(http, user));
  if (!found) throw new CliError(`No user ${user} among the users you manage.`, EXIT.notFound);
  return found;
}

function printUser(context: CommandContext, user: ManagedUser): void {
  const keys = (map: Record<string, true>) => Object.keys(map).sort().join(' ');
  context.output.record(
    [
      { key: 'uid', label: 'Uid', value: user.uid },
      { key: 'username', label: 'Username', value: user.username },
      { key: 'name', label: 'Name', value: user.name },
      { key: 'phone', label: 'Phone', value: user.phone ?? '' },
      { key: 'role', label: 'Role', value: user.role },
      { key: 'language', label: 'Language', value: user.language },
      { key: 'sites', label: 'Sites', value: keys(user.controllers) },
      { key: 'modules', label: 'Modules', value: keys(user.moduleAccesses) },
      { key: 'partners', label: 'Licensing partners', value: keys(user.licensingPartners) },
      { key: 'source', label: 'Source', value: user.source ?? '' },
      { key: 'disabled', label: 'Disabled', value: user.disabled ? 'yes' : 'no' },
    ],
    user,
  );
}

/** Destructive commands ask on a terminal, and need --yes otherwise (a script cannot answer). */
async function confirm(question: string, yes: boolean): Promise<void> {
  if (yes) return;
  if (!stdinIsTerminal()) throw usageError('Refusing to delete without --yes when not on a terminal.');
  const answer = await promptVisible(`${question} Type yes to confirm`);
  if (answer.toLowerCase() !== 'yes') throw new CliError('Cancelled; nothing was deleted.', EXIT.failure);
}

function mapOf(keys: string[]): Record<string, true> {
  return Object.fromEntries(keys.map((key) => [key, true as const]));
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
