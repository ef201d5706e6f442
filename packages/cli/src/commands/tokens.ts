import type { Command } from 'commander';
import { createdToken, listTokensResponse } from '@varde/core/contract';
import { withContext, type CommandContext } from '../context.js';
import { EXPIRES_HELP, createTokenBody, printCreatedToken, printTokenList, type CreateTokenOptions } from './tokensShared.js';

/** `varde tokens create|list|revoke`: the signed-in user's personal access tokens (/cloud/auth/tokens). */
export function registerTokensCommand(program: Command): void {
  const tokens = program.command('tokens').description('Your personal access tokens, for scripts and jobs that run unattended');
  tokens
    .command('create')
    .description('Make a token; it is printed once and never again')
    .requiredOption('--name <name>', 'what the token is for (unique among your tokens)')
    .option('--scope <scope>', 'read (every write refused) or write (all you may do)', 'write')
    .option('--expires <days>', EXPIRES_HELP)
    .action(withContext<[CreateTokenOptions]>(runCreate));
  tokens.command('list').description('List your tokens (never their secrets)').action(withContext(runList));
  tokens
    .command('revoke')
    .description('Revoke a token at once, by name or id')
    .argument('<token>', 'name or id')
    .action(withContext<[string]>(runRevoke));
}

async function runCreate(context: CommandContext, options: CreateTokenOptions): Promise<void> {
  const body = createTokenBody(options, false);
  const created = await context.session.request('auth', '/tokens', { method: 'POST', body, schema: createdToken });
  printCreatedToken(context.output, created);
}

async function runList(context: CommandContext): Promise<void> {
  const answer = await context.session.request('auth', '/tokens', { schema: listTokensResponse });
  printTokenList(context.output, answer.data);
}

async function runRevoke(context: CommandContext, token: string): Promise<void> {
  await context.session.request('auth', `/tokens/${encodeURIComponent(token)}`, { method: 'DELETE' });
  context.output.message(`Revoked ${token}.`);
}
