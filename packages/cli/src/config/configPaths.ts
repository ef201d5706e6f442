import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CONFIG_HOME/varde`, falling back to `~/.config/varde` (XDG base directory spec). */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The spec says relative values are invalid and must be ignored.
  const base = xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.config');
  return join(base, 'varde');
}

export function configFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDirectory(env), 'config.json');
}
