import type { Command } from 'commander';
import { SERVICES, TOKEN_SERVICES, isServiceName, type ServiceName } from '@varde/core/contract';
import { usageError } from '../errors.js';
import { parseJsonInput, readInputText } from '../io/readInput.js';
import { withContext, type CommandContext } from '../context.js';

interface ApiOptions {
  method?: string;
  input?: string;
  query: string[];
}

export function registerApiCommand(program: Command): void {
  program
    .command('api')
    .description("Call any service of the cloud as the signed-in user and print the answer (escape hatch)")
    .argument('<service>', `one of: ${SERVICES.join(', ')}`)
    .argument('<path>', 'path under the service, e.g. /controllers')
    .option('-X, --method <method>', 'HTTP method (default: GET, or POST with --input)')
    .option('--input <file>', "JSON request body from a file, or '-' for stdin")
    .option('-q, --query <key=value>', 'query parameter (repeatable)', collect, [])
    .addHelpText(
      'after',
      `
The answer is printed as JSON (text answers as they are). The bearer token is the
service's token from the session, renewed when it has expired.

Examples:
  varde api controllers-api /controllers
  varde api controllers-api /controllers -q offset=0 -q limit=10
  echo '{}' | varde api auth /session/userinfo --input -`,
    )
    .action(withContext<[string, string, ApiOptions]>(runApi));
}

async function runApi(context: CommandContext, service: string, path: string, options: ApiOptions): Promise<void> {
  if (!isServiceName(service)) throw usageError(`Unknown service "${service}". Services: ${SERVICES.join(', ')}`);
  const method = (options.method ?? (options.input ? 'POST' : 'GET')).toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw usageError(`Invalid HTTP method "${options.method}".`);
  const query = parseQuery(options.query);

  let body: unknown;
  if (options.input !== undefined) {
    const input = await readInputText(options.input, context.stdin);
    body = parseJsonInput(input.text, input.name);
  }

  const answer = await context.session.request<unknown>(service, path.startsWith('/') ? path : `/${path}`, {
    method,
    query,
    ...(body !== undefined ? { body } : {}),
    auth: authFor(service),
  });
  printAnswer(context, answer);
}

/** Services with their own credentials (identity provider, BIM) get no bearer; auth takes one if there is one. */
function authFor(service: ServiceName): boolean | 'if-available' {
  if (service === 'auth') return 'if-available';
  return (TOKEN_SERVICES as readonly string[]).includes(service);
}

function printAnswer(context: CommandContext, answer: unknown): void {
  if (answer === undefined) return;
  if (typeof answer === 'string') {
    process.stdout.write(answer.endsWith('\n') ? answer : `${answer}\n`);
    return;
  }
  context.output.printJson(answer);
}

function parseQuery(pairs: string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator <= 0) throw usageError(`Invalid --query "${pair}": expected key=value.`);
    query[pair.slice(0, separator)] = pair.slice(separator + 1);
  }
  return query;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
