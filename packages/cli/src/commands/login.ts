import type { Command } from 'commander';
import { isHttpError, login, renewSession, userInfo, verifySms } from '@varde/core';
import type { SignedIn, UserData } from '@varde/core/contract';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import type { StoredProfile } from '../config/configFile.js';
import { isPersonalToken, parseGivenToken, type Credentials } from '../cloud/credentials.js';
import { promptHidden, promptVisible, stdinIsTerminal } from '../io/prompt.js';
import { formatTimestamp } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';

interface LoginOptions {
  user?: string;
  passwordStdin?: boolean;
  smsCodeStdin?: boolean;
  tokenStdin?: boolean;
  withToken?: boolean;
}

export function registerLoginCommand(program: Command): void {
  program
    .command('login')
    .description('Sign in and store the session in the profile')
    .option('-u, --user <email>', 'e-mail to sign in with (default: VARDE_USER, else asked)')
    .option('--password-stdin', 'read the password from the first line of stdin')
    .option('--sms-code-stdin', 'read the SMS code, when the account needs one, from the next line of stdin')
    .option('--with-token', 'store an access token (varde_pat_…) read from stdin instead; no password, no SMS code')
    .option('--token-stdin', 'store a token read from stdin instead (an access token, the auth token, or a JSON access-token map)')
    .addHelpText(
      'after',
      `
The password is never taken from the command line. On a terminal every answer is
asked for, the password without echo. In scripts pipe the password in:

  printf '%s\\n' "$PASSWORD" | varde login --user admin@example.com --password-stdin

For an account with an SMS second factor add --sms-code-stdin: varde says on stderr
when the SMS has gone out, then waits for the code on the next line of stdin, so the
script can write it once it has it.

For a job that runs unattended, make an access token (varde tokens create, or a
service account's: varde service-accounts tokens create) and give it on stdin:

  varde login --with-token < token.txt

or set VARDE_TOKEN for one run, with no profile at all. --token-stdin also takes the
auth service's token, or a JSON map of access tokens keyed by host name as POST
/login returns it.`,
    )
    .action(withContext<[LoginOptions]>(runLogin));
}

async function runLogin(context: CommandContext, options: LoginOptions): Promise<void> {
  const tokenFlag = options.withToken ? '--with-token' : '--token-stdin';
  if ((options.tokenStdin || options.withToken) && (options.passwordStdin || options.smsCodeStdin)) {
    throw usageError(`${tokenFlag} cannot be combined with --password-stdin or --sms-code-stdin.`);
  }
  if (context.settings.environmentToken !== undefined) {
    process.stderr.write('warning: VARDE_TOKEN is set and overrides the sign-in stored by this command.\n');
  }
  context.session.startOver();
  const credentials = options.tokenStdin || options.withToken ? await signInWithToken(context) : await signInWithPassword(context, options);
  context.session.use(credentials);
  const user = await signInStep(() => userInfo(context.session.http));
  const { settings } = context;
  settings.configFile.updateProfile(settings.profileName, (current) => {
    const next: StoredProfile = { ...current, cloud: settings.cloud, user: user.email, uid: user.uid };
    next.accessTokens = credentials.accessTokens;
    if (credentials.expiresAt !== undefined) next.expiresAt = credentials.expiresAt;
    else delete next.expiresAt;
    // The session cookie set by /login or /verifySMS; none after --token-stdin.
    next.authCookies = context.session.authCookies;
    return next;
  });
  reportSignedIn(context, user, credentials.expiresAt);
}

/**
 * On a terminal every answer is asked for (the password without echo, even with --password-stdin,
 * so it never shows on screen). Otherwise answers come from stdin lines, and only when the flags
 * say so: a script that forgot a flag gets a usage error rather than a hang.
 */
async function signInWithPassword(context: CommandContext, options: LoginOptions): Promise<Credentials> {
  const { stdin, session, settings } = context;
  const terminal = stdinIsTerminal();
  const email = options.user ?? nonEmpty(process.env.VARDE_USER) ??
    (terminal ? await promptVisible('E-mail', settings.stored.user) : settings.stored.user);
  if (!email) throw usageError('No e-mail given: use --user <email>.');

  let password: string | undefined;
  if (terminal) password = await promptHidden('Password');
  else if (options.passwordStdin) password = await stdin.next();
  else throw usageError('stdin is not a terminal: pipe the password in and add --password-stdin.');
  if (!password) throw usageError(options.passwordStdin && !terminal ? 'No password on stdin.' : 'The password is empty.');

  const answer = await signInStep(() => login(session.http, { piscadaId: email, password }));
  if (!answer.requireSmsValidation) return credentialsOf(answer);

  let code: string | undefined;
  if (terminal) {
    code = await promptVisible('SMS code sent to your phone');
  } else if (options.smsCodeStdin) {
    process.stderr.write('An SMS code was sent to the phone of the account; reading it from stdin.\n');
    code = (await stdin.next())?.trim();
    if (!code) throw new CliError('No SMS code on stdin: write it on the line after the password.', EXIT.auth);
  } else {
    throw usageError('This account needs an SMS code: add --sms-code-stdin and write the code on the next line of stdin.');
  }
  if (!code) throw new CliError('No SMS code given.', EXIT.auth);
  const smsCode = code;
  return credentialsOf(await signInStep(() => verifySms(session.http, { smsToken: smsCode, uid: answer.uid })));
}

async function signInWithToken(context: CommandContext): Promise<Credentials> {
  // On a terminal the pasted token is not echoed (one line: a bare token or single-line JSON).
  const text = stdinIsTerminal() ? await promptHidden('Token') : await context.stdin.rest();
  const given = parseGivenToken(text, 'The token on stdin');
  context.session.use(given);
  // An access token is proved by asking who it acts as (login stores the answer); it has nothing to renew.
  if (isPersonalToken(given)) return given;
  // Proves the token and fills in every service's token with a known expiry.
  return signInStep(() => renewSession(context.session.http));
}

/** Sign-in failures read "Sign-in failed: <server's reason>" and exit with 3 (or 8 when throttled). */
async function signInStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!isHttpError(error) || error.status >= 500) throw error;
    const reason = error.detail ?? error.message;
    if (error.status === 429) throw new CliError(`Sign-in failed: ${reason}`, EXIT.throttled);
    throw new CliError(`Sign-in failed: ${reason}`, EXIT.auth);
  }
}

function credentialsOf(signedIn: SignedIn): Credentials {
  return { accessTokens: signedIn.accessTokens, expiresAt: signedIn.expiresAt };
}

function reportSignedIn(context: CommandContext, user: UserData, expiresAt: number | undefined): void {
  const { settings, output } = context;
  if (output.json) {
    output.printJson({ profile: settings.profileName, cloud: settings.cloud, user, expiresAt: expiresAt ?? null });
    return;
  }
  const until = expiresAt === undefined ? '' : ` until ${formatTimestamp(expiresAt)}`;
  output.message(`Signed in to ${settings.cloud} as ${user.name} <${user.email}> (profile ${settings.profileName})${until}.`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
