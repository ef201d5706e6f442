import type { Command } from 'commander';
import { isHttpError, login, renewSession, userInfo, verifySms } from '@varde/core';
import type { SignedIn, UserData } from '@varde/core/contract';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import type { StoredProfile } from '../config/configFile.js';
import { parseGivenToken, type Credentials } from '../cloud/credentials.js';
import { promptHidden, promptVisible, stdinIsTerminal } from '../io/prompt.js';
import { formatTimestamp } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';

interface LoginOptions {
  user?: string;
  passwordStdin?: boolean;
  smsCodeStdin?: boolean;
  tokenStdin?: boolean;
}

export function registerLoginCommand(program: Command): void {
  program
    .command('login')
    .description('Sign in and store the session in the profile')
    .option('-u, --user <email>', 'e-mail to sign in with (default: VARDE_USER, else asked)')
    .option('--password-stdin', 'read the password from the first line of stdin')
    .option('--sms-code-stdin', 'read the SMS code, when the account needs one, from the next line of stdin')
    .option('--token-stdin', 'store a token read from stdin instead (the auth token, or a JSON access-token map)')
    .addHelpText(
      'after',
      `
The password is never taken from the command line. On a terminal it is asked for
without echo; in scripts pipe it in:

  printf '%s\\n' "$PASSWORD" | varde login --user admin@example.com --password-stdin

An account with an SMS second factor needs the code on the next line of stdin,
written after the SMS has arrived (varde keeps reading until it gets it):

  { printf '%s\\n' "$PASSWORD"; read -r CODE </dev/tty; echo "$CODE"; } \\
    | varde login --user ola@example.com --password-stdin --sms-code-stdin`,
    )
    .action(withContext<[LoginOptions]>(runLogin));
}

async function runLogin(context: CommandContext, options: LoginOptions): Promise<void> {
  if (options.tokenStdin && (options.passwordStdin || options.smsCodeStdin)) {
    throw usageError('--token-stdin cannot be combined with --password-stdin or --sms-code-stdin.');
  }
  if (context.settings.environmentToken !== undefined) {
    process.stderr.write('warning: VARDE_TOKEN is set and overrides the sign-in stored by this command.\n');
  }
  context.session.startOver();
  const credentials = options.tokenStdin ? await signInWithToken(context) : await signInWithPassword(context, options);
  context.session.use(credentials);
  const user = await userInfo(context.session.http);
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

async function signInWithPassword(context: CommandContext, options: LoginOptions): Promise<Credentials> {
  const { stdin, session, settings } = context;
  const interactive = stdinIsTerminal() && !options.passwordStdin;
  const email = options.user ?? nonEmpty(process.env.VARDE_USER) ??
    (interactive ? await promptVisible('E-mail', settings.stored.user) : settings.stored.user);
  if (!email) throw usageError('No e-mail given: use --user <email>.');

  let password: string | undefined;
  if (options.passwordStdin) password = await stdin.next();
  else if (interactive) password = await promptHidden('Password');
  else throw usageError('stdin is not a terminal: pipe the password in and add --password-stdin.');
  if (!password) throw usageError(options.passwordStdin ? 'No password on stdin.' : 'The password is empty.');

  const answer = await signInStep(() => login(session.http, { piscadaId: email, password }));
  if (!answer.requireSmsValidation) return credentialsOf(answer);

  let code: string | undefined;
  if (options.smsCodeStdin) {
    process.stderr.write('An SMS code was sent to the phone of the account; reading it from stdin.\n');
    code = (await stdin.next())?.trim();
    if (!code) throw new CliError('No SMS code on stdin: write it on the line after the password.', EXIT.auth);
  } else if (interactive) {
    code = await promptVisible('SMS code sent to your phone');
  } else {
    throw usageError('This account needs an SMS code: add --sms-code-stdin and write the code on the next line of stdin.');
  }
  if (!code) throw new CliError('No SMS code given.', EXIT.auth);
  const smsCode = code;
  return credentialsOf(await signInStep(() => verifySms(session.http, { smsToken: smsCode, uid: answer.uid })));
}

async function signInWithToken(context: CommandContext): Promise<Credentials> {
  if (stdinIsTerminal()) process.stderr.write('Paste the token, then press Ctrl-D:\n');
  const given = parseGivenToken(await context.stdin.rest(), 'The token on stdin');
  context.session.use(given);
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
