import type { Command } from 'commander';
import { createdToken, listServiceAccountsResponse, listTokensResponse, roles, serviceAccount, type Role, type ServiceAccount } from '@varde/core/contract';
import { usageError } from '../errors.js';
import { formatTimestamp } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';
import { EXPIRES_HELP, createTokenBody, printCreatedToken, printTokenList, type CreateTokenOptions } from './tokensShared.js';

interface CreateOptions {
  name: string;
  role: string;
  site?: string[];
}

/**
 * `varde service-accounts …`: a partner's non-human accounts (no password, no SMS; tokens only), managed by
 * the partner's admins (/cloud/users/service-accounts). Named by name or uid.
 */
export function registerServiceAccountsCommand(program: Command): void {
  const accounts = program.command('service-accounts').description("Your partner's service accounts: accounts for jobs, with tokens instead of a password");
  accounts.command('list').description('List the service accounts').action(withContext(runList));
  accounts
    .command('create')
    .description('Make a service account')
    .requiredOption('--name <name>', 'its name (unique in your partner)')
    .requiredOption('--role <role>', roles.join(', '))
    .option('--site <uuid...>', 'a site it may see (repeat, or several after one --site)')
    .action(withContext<[CreateOptions]>(runCreate));
  accounts
    .command('delete')
    .description('Delete a service account and every token of it')
    .argument('<account>', 'name or uid')
    .action(withContext<[string]>(runDelete));

  const tokens = accounts.command('tokens').description("A service account's tokens");
  tokens
    .command('create')
    .description('Make a token for a service account; printed once and never again')
    .argument('<account>', 'name or uid')
    .requiredOption('--name <name>', 'what the token is for')
    .option('--scope <scope>', 'read or write', 'write')
    .option('--expires <days>', `${EXPIRES_HELP}, or never`)
    .action(withContext<[string, CreateTokenOptions]>(runCreateToken));
  tokens.command('list').description("List a service account's tokens").argument('<account>', 'name or uid').action(withContext<[string]>(runListTokens));
  tokens
    .command('revoke')
    .description("Revoke a service account's token, by name or id")
    .argument('<account>', 'name or uid')
    .argument('<token>', 'name or id')
    .action(withContext<[string, string]>(runRevokeToken));
}

async function listAll(context: CommandContext): Promise<ServiceAccount[]> {
  return (await context.session.request('users', '/service-accounts', { schema: listServiceAccountsResponse })).data;
}

async function uidOf(context: CommandContext, account: string): Promise<string> {
  const found = (await listAll(context)).filter((item) => item.uid === account || item.name === account);
  if (found.length === 0) throw usageError(`No service account named ${account}.`);
  if (found.length > 1) throw usageError(`Several service accounts are named ${account} (other partners'): give the uid.`);
  return found[0]!.uid;
}

async function runList(context: CommandContext): Promise<void> {
  context.output.list(
    await listAll(context),
    [
      { header: 'Uid', value: (account) => account.uid },
      { header: 'Name', value: (account) => account.name },
      { header: 'Role', value: (account) => account.role },
      { header: 'Sites', value: (account) => Object.keys(account.controllers).length },
      { header: 'Tokens', value: (account) => account.tokens },
      { header: 'Created', value: (account) => formatTimestamp(account.createdAt) },
    ],
    { empty: 'No service accounts.' },
  );
}

async function runCreate(context: CommandContext, options: CreateOptions): Promise<void> {
  if (!(roles as readonly string[]).includes(options.role)) throw usageError(`Invalid --role "${options.role}": use ${roles.join(', ')}.`);
  const controllers = Object.fromEntries((options.site ?? []).map((site) => [site, true as const]));
  const created = await context.session.request('users', '/service-accounts', {
    method: 'POST',
    body: { name: options.name, role: options.role as Role, controllers },
    schema: serviceAccount,
  });
  if (context.output.json) return context.output.printJson(created);
  context.output.message(`Made service account ${created.name} (${created.uid}). Give it a token: varde service-accounts tokens create "${created.name}" --name <name>`);
}

async function runDelete(context: CommandContext, account: string): Promise<void> {
  const uid = await uidOf(context, account);
  await context.session.request('users', `/service-accounts/${uid}`, { method: 'DELETE' });
  context.output.message(`Deleted service account ${account} and its tokens.`);
}

async function runCreateToken(context: CommandContext, account: string, options: CreateTokenOptions): Promise<void> {
  const body = createTokenBody(options, true);
  const uid = await uidOf(context, account);
  const created = await context.session.request('users', `/service-accounts/${uid}/tokens`, { method: 'POST', body, schema: createdToken });
  printCreatedToken(context.output, created);
}

async function runListTokens(context: CommandContext, account: string): Promise<void> {
  const uid = await uidOf(context, account);
  printTokenList(context.output, (await context.session.request('users', `/service-accounts/${uid}/tokens`, { schema: listTokensResponse })).data);
}

async function runRevokeToken(context: CommandContext, account: string, token: string): Promise<void> {
  const uid = await uidOf(context, account);
  await context.session.request('users', `/service-accounts/${uid}/tokens/${encodeURIComponent(token)}`, { method: 'DELETE' });
  context.output.message(`Revoked ${token} of ${account}.`);
}
