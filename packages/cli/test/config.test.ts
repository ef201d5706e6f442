import { mkdtempSync, statSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigFile } from '../src/config/configFile.js';
import { configFilePath } from '../src/config/configPaths.js';
import { normalizeCloudUrl, resolveSettings, serviceBaseUrl } from '../src/config/settings.js';
import { parseGivenToken } from '../src/cloud/credentials.js';
import { CliError } from '../src/errors.js';
import { EXIT } from '../src/exitCodes.js';

function freshDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'varde-cli-config-'));
}

describe('config file', () => {
  it('lives in $XDG_CONFIG_HOME/varde, falling back to ~/.config for a missing or relative value', () => {
    expect(configFilePath({ XDG_CONFIG_HOME: '/x/y' })).toBe('/x/y/varde/config.json');
    expect(configFilePath({ XDG_CONFIG_HOME: 'relative' })).toMatch(/\/\.config\/varde\/config\.json$/);
    expect(configFilePath({})).toMatch(/\/\.config\/varde\/config\.json$/);
  });

  it('is written with mode 0600 in a 0700 directory, also when they existed with looser modes', () => {
    const base = freshDirectory();
    const path = join(base, 'varde', 'config.json');
    mkdirSync(join(base, 'varde'), { mode: 0o755 });
    writeFileSync(path, '{"version":1,"profiles":{}}', { mode: 0o644 });
    chmodSync(path, 0o644);
    const file = new ConfigFile(path);
    file.updateProfile('default', () => ({ cloud: 'http://localhost:1', accessTokens: { 'auth.localhost': 't' } }));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(base, 'varde')).mode & 0o777).toBe(0o700);
    expect(file.read().profiles.default?.accessTokens).toEqual({ 'auth.localhost': 't' });
  });

  it('deletes a profile when the change returns undefined, keeping the others', () => {
    const file = new ConfigFile(join(freshDirectory(), 'varde', 'config.json'));
    file.updateProfile('a', () => ({ user: 'a@example.com' }));
    file.updateProfile('b', () => ({ user: 'b@example.com' }));
    file.updateProfile('a', () => undefined);
    expect(Object.keys(file.read().profiles)).toEqual(['b']);
  });

  it('reports a corrupt file clearly instead of crashing', () => {
    const path = join(freshDirectory(), 'config.json');
    writeFileSync(path, '{ not json', { mode: 0o600 });
    expect(() => new ConfigFile(path).read()).toThrow(/not valid JSON/);
    writeFileSync(path, JSON.stringify({ version: 1, profiles: { default: { accessTokens: { a: 1 } } } }));
    expect(() => new ConfigFile(path).read()).toThrow(/profile "default": accessTokens/);
  });
});

describe('settings', () => {
  it('takes the flag over the environment over the profile over the default', () => {
    const base = freshDirectory();
    const env = { XDG_CONFIG_HOME: base };
    new ConfigFile(configFilePath(env)).updateProfile('work', () => ({ cloud: 'http://profile:1' }));
    expect(resolveSettings({}, env).cloud).toBe('http://localhost:8080');
    expect(resolveSettings({ profile: 'work' }, env).cloud).toBe('http://profile:1');
    expect(resolveSettings({}, { ...env, VARDE_PROFILE: 'work' }).cloud).toBe('http://profile:1');
    expect(resolveSettings({ profile: 'work' }, { ...env, VARDE_CLOUD: 'http://env:2' }).cloud).toBe('http://env:2');
    expect(resolveSettings({ profile: 'work', cloud: 'http://flag:3/' }, { ...env, VARDE_CLOUD: 'http://env:2' }).cloud).toBe(
      'http://flag:3',
    );
    expect(resolveSettings({ profile: 'default' }, { ...env, VARDE_PROFILE: 'work' }).profileName).toBe('default');
  });

  it('rejects bad profile names and cloud URLs as usage errors', () => {
    const env = { XDG_CONFIG_HOME: freshDirectory() };
    for (const attempt of [() => resolveSettings({ profile: '../x' }, env), () => normalizeCloudUrl('ftp://x'), () => normalizeCloudUrl('nope')]) {
      expect(attempt).toThrow(CliError);
      try {
        attempt();
      } catch (error) {
        expect((error as CliError).exitCode).toBe(EXIT.usage);
      }
    }
  });

  it('serves services under /cloud/<service> on an origin, or on their own host with a template', () => {
    expect(serviceBaseUrl('http://localhost:8080', 'controllers-api')).toBe('http://localhost:8080/cloud/controllers-api');
    expect(serviceBaseUrl('http://localhost:8080', 'outbox')).toBe('http://localhost:8080/cloud/outbox');
    expect(serviceBaseUrl('https://{service}.example.com', 'historian')).toBe('https://historian.example.com');
  });
});

describe('a token given on stdin or in VARDE_TOKEN', () => {
  it('is the auth token when bare, or a JSON map, or a login answer', () => {
    expect(parseGivenToken(' abc.def.ghi\n', 'x')).toEqual({ accessTokens: { auth: 'abc.def.ghi' } });
    expect(parseGivenToken('{"auth.localhost":"a","historian.localhost":"h"}', 'x')).toEqual({
      accessTokens: { 'auth.localhost': 'a', 'historian.localhost': 'h' },
    });
    expect(parseGivenToken(JSON.stringify({ token: 'rtdb', accessTokens: { 'auth.x': 'a' }, expiresAt: 5 }), 'x')).toEqual({
      accessTokens: { 'auth.x': 'a' },
      expiresAt: 5,
    });
  });

  it('is rejected when empty, malformed or not a map of strings', () => {
    for (const text of ['', '   ', 'two words', '{broken', '{}', '{"a":1}', '{"accessTokens":[]}']) {
      expect(() => parseGivenToken(text, 'x'), text).toThrow(CliError);
    }
  });

  it('is never written into an error message', () => {
    try {
      parseGivenToken('{"auth.x": "secret-token", "bad": 2}', 'VARDE_TOKEN');
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-token');
    }
    expect.assertions(1);
  });
});

