import type { Command } from 'commander';
import type { HttpClient } from '@varde/core';
import { listOutboxResponse, type OutboxMessage } from '@varde/core/contract';
import { usageError } from '../errors.js';
import { formatTimestamp } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';

interface OutboxOptions {
  to?: string;
  channel?: string;
  since?: string;
}

export function registerOutboxCommand(program: Command): void {
  program
    .command('outbox')
    .description('List the e-mails and SMS the reference cloud has sent (its outbox)')
    .option('--to <address>', 'only messages to this e-mail address or phone number')
    .option('--channel <channel>', 'only email or sms')
    .option('--since <time>', 'only messages created at or after this time (ms since epoch, or an ISO date)')
    .action(withContext<[OutboxOptions]>(runOutbox));
}

async function runOutbox(context: CommandContext, options: OutboxOptions): Promise<void> {
  if (options.channel !== undefined && options.channel !== 'email' && options.channel !== 'sms') {
    throw usageError(`Invalid --channel "${options.channel}": use email or sms.`);
  }
  const query = { to: options.to, channel: options.channel, since: parseSince(options.since) };
  // A system admin's profile reads any outbox; a demo cloud's public outbox (--outbox public) needs no sign-in.
  const read = (http: HttpClient) => {
    const token = context.session.authToken();
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return http.request('outbox', '/messages', { query, schema: listOutboxResponse, auth: false, headers });
  };
  // Signed in, the auth token is renewed first when it has expired, and once more after a 401.
  const answer = context.session.signedIn ? await context.session.call('auth', read) : await read(context.session.http);
  context.output.list<OutboxMessage>(
    answer.data,
    [
      { header: 'Id', value: (message) => message.id },
      { header: 'Sent', value: (message) => formatTimestamp(message.createdAt) },
      { header: 'Channel', value: (message) => message.channel },
      { header: 'To', value: (message) => message.to },
      { header: 'Subject', value: (message) => message.subject },
      { header: 'Body', value: (message) => message.body },
    ],
    { empty: 'The outbox is empty.' },
  );
}

function parseSince(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw usageError(`Invalid --since "${value}": use ms since epoch or an ISO date.`);
  return parsed;
}
