import type { Command } from 'commander';
import { userInfo } from '@varde/core';
import { formatTimestamp } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';

export function registerWhoamiCommand(program: Command): void {
  program
    .command('whoami')
    .description('Show the signed-in user, fresh from the cloud')
    .action(withContext(runWhoami));
}

async function runWhoami(context: CommandContext): Promise<void> {
  const { session, settings, output } = context;
  session.requireSignedIn();
  const user = await session.call('auth', (http) => userInfo(http));
  output.record(
    [
      { key: 'profile', label: 'Profile', value: settings.profileName },
      { key: 'cloud', label: 'Cloud', value: settings.cloud },
      { key: 'uid', label: 'User id', value: user.uid },
      { key: 'name', label: 'Name', value: user.name },
      { key: 'email', label: 'E-mail', value: user.email },
      { key: 'role', label: 'Role', value: user.role },
      { key: 'systemAdmin', label: 'System admin', value: user.systemAdmin ? 'yes' : 'no' },
      { key: 'credentials', label: 'Credentials', value: session.source === 'environment' ? 'VARDE_TOKEN' : 'profile' },
      { key: 'expiresAt', label: 'Session expires', value: formatTimestamp(session.expiresAt) },
    ],
    { profile: settings.profileName, cloud: settings.cloud, user, credentials: session.source, expiresAt: session.expiresAt ?? null },
  );
}
