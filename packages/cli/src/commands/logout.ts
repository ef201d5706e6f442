import type { Command } from 'commander';
import { isHttpError, logout } from '@varde/core';
import type { StoredProfile } from '../config/configFile.js';
import { withContext, type CommandContext } from '../context.js';

export function registerLogoutCommand(program: Command): void {
  program
    .command('logout')
    .description("Sign out of the cloud and delete the profile's stored credentials")
    .action(withContext(runLogout));
}

/**
 * Idempotent, so scripts can always call it: signed out already is success. The local
 * credentials go even when the cloud cannot be reached; the cloud's sign-out is then only warned about.
 */
async function runLogout(context: CommandContext): Promise<void> {
  const { session, settings, output } = context;
  const hadStored = settings.stored.accessTokens !== undefined;
  let backend: 'signed-out' | 'already-ended' | 'unreachable' | 'not-signed-in' = 'not-signed-in';
  if (session.signedIn) {
    try {
      await logout(session.http);
      backend = 'signed-out';
    } catch (error) {
      if (isHttpError(error) && error.status === 401) backend = 'already-ended';
      else {
        backend = 'unreachable';
        const reason = error instanceof Error ? error.message : String(error);
        process.stderr.write(`warning: could not end the session in the cloud (${reason}); deleting local credentials anyway.\n`);
      }
    }
  }
  if (hadStored) {
    settings.configFile.updateProfile(settings.profileName, (current) => withoutCredentials(current));
  }
  if (session.source === 'environment') {
    process.stderr.write('note: the session came from VARDE_TOKEN; unset it as well.\n');
  }
  if (output.json) {
    output.printJson({ profile: settings.profileName, cloudSession: backend, localCredentialsDeleted: hadStored });
    return;
  }
  output.message(hadStored || session.signedIn ? `Signed out (profile ${settings.profileName}).` : 'Not signed in.');
}

/** Keeps the cloud URL and e-mail, so the next `varde login` needs no flags. */
function withoutCredentials(profile: StoredProfile): StoredProfile {
  const { accessTokens: _tokens, expiresAt: _expiry, uid: _uid, authCookies: _cookies, ...rest } = profile;
  return rest;
}
