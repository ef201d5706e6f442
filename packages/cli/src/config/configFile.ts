import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { accessTokens as accessTokensSchema, type AccessTokens } from '@varde/core/contract';
import { CliError } from '../errors.js';

/** What the CLI keeps per profile. Tokens are secrets: the file is 0600 in a 0700 directory. */
export interface StoredProfile {
  /** Cloud URL (origin, or a template with `{service}`). */
  cloud?: string;
  /** E-mail the profile last signed in with. */
  user?: string;
  uid?: string;
  accessTokens?: AccessTokens;
  /** When `accessTokens` expire, ms since epoch. */
  expiresAt?: number;
  /** The auth server's session cookie (name -> value), used to renew the tokens. */
  authCookies?: Record<string, string>;
}

export interface ConfigData {
  version: 1;
  profiles: Record<string, StoredProfile>;
}

const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

export function emptyConfig(): ConfigData {
  return { version: 1, profiles: {} };
}

/** Reads and writes config.json; every write replaces the file atomically (temp file + rename). */
export class ConfigFile {
  constructor(readonly path: string) {}

  read(): ConfigData {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyConfig();
      throw new CliError(`Cannot read ${this.path}: ${(error as Error).message}`);
    }
    warnIfReadableByOthers(this.path);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new CliError(`${this.path} is not valid JSON: fix it or delete it and sign in again.`);
    }
    return parseConfig(parsed, this.path);
  }

  write(data: ConfigData): void {
    const directory = dirname(this.path);
    mkdirSync(directory, { recursive: true, mode: DIRECTORY_MODE });
    // mkdir leaves an existing directory's mode alone; ours holds secrets, so tighten it.
    chmodSync(directory, DIRECTORY_MODE);
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: FILE_MODE });
    chmodSync(temporary, FILE_MODE);
    renameSync(temporary, this.path);
  }

  /** Read-modify-write of one profile; `change` returns undefined to delete the profile. */
  updateProfile(name: string, change: (current: StoredProfile) => StoredProfile | undefined): void {
    const data = this.read();
    const next = change(data.profiles[name] ?? {});
    if (next === undefined) delete data.profiles[name];
    else data.profiles[name] = next;
    this.write(data);
  }
}

function warnIfReadableByOthers(path: string): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) {
      process.stderr.write(`warning: ${path} is readable by other users; run: chmod 600 ${path}\n`);
    }
  } catch {
    // The read just succeeded; a stat failure here is not worth failing the command for.
  }
}

function parseConfig(value: unknown, path: string): ConfigData {
  const invalid = (what: string) =>
    new CliError(`${path}: ${what}. Fix the file or delete it and sign in again.`);
  if (!isObject(value) || !isObject(value.profiles)) throw invalid('expected {"version": 1, "profiles": {...}}');
  const profiles: Record<string, StoredProfile> = {};
  for (const [name, raw] of Object.entries(value.profiles)) {
    if (!isObject(raw)) throw invalid(`profile "${name}" is not an object`);
    profiles[name] = parseProfile(raw, (field) => invalid(`profile "${name}": ${field}`));
  }
  return { version: 1, profiles };
}

function parseProfile(raw: Record<string, unknown>, invalid: (field: string) => CliError): StoredProfile {
  const profile: StoredProfile = {};
  for (const key of ['cloud', 'user', 'uid'] as const) {
    const field = raw[key];
    if (field === undefined) continue;
    if (typeof field !== 'string') throw invalid(`${key} must be a string`);
    profile[key] = field;
  }
  if (raw.accessTokens !== undefined) {
    const tokens = accessTokensSchema.safeParse(raw.accessTokens);
    if (!tokens.success) throw invalid('accessTokens must map host names to strings');
    profile.accessTokens = tokens.data;
  }
  if (raw.authCookies !== undefined) {
    const cookies = raw.authCookies;
    if (!isObject(cookies) || Object.values(cookies).some((value) => typeof value !== 'string')) {
      throw invalid('authCookies must map cookie names to strings');
    }
    profile.authCookies = cookies as Record<string, string>;
  }
  if (raw.expiresAt !== undefined) {
    if (typeof raw.expiresAt !== 'number') throw invalid('expiresAt must be a number');
    profile.expiresAt = raw.expiresAt;
  }
  return profile;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
