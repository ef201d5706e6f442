import { describe, expect, it } from 'vitest';
import { findAccessToken, tryFindAccessToken } from '../src/index.js';

const tokens = {
  'controllers-api.localhost': 'ctrl-token',
  'historian.localhost': 'hist-token',
  'api.localhost': 'api-token',
  'auth.localhost': 'auth-token',
};

describe('findAccessToken', () => {
  it('finds the token by the host-name key that starts with the service name', () => {
    expect(findAccessToken(tokens, 'controllers-api')).toBe('ctrl-token');
    expect(findAccessToken(tokens, 'historian')).toBe('hist-token');
    expect(findAccessToken(tokens, 'api')).toBe('api-token');
  });

  it('works with production host names on any domain', () => {
    expect(findAccessToken({ 'anomaly.cloud.example.com': 'a' }, 'anomaly')).toBe('a');
  });

  it('prefers the key that is the service name plus a dot over a looser prefix', () => {
    expect(findAccessToken({ 'api-docs.localhost': 'wrong', 'api.localhost': 'right' }, 'api')).toBe('right');
  });

  it('falls back to a plain prefix match like the public clients do', () => {
    expect(findAccessToken({ 'faas-manager-eu.example.com': 'f' }, 'faas-manager')).toBe('f');
  });

  it('throws the catalogue message when the service has no token', () => {
    expect(() => findAccessToken(tokens, 'mappings-manager')).toThrow(
      new Error('Failed to find access token for service mappings-manager'),
    );
  });

  it('throws the same message when there are no tokens at all', () => {
    expect(() => findAccessToken(null, 'alarms')).toThrow('Failed to find access token for service alarms');
    expect(() => findAccessToken({}, 'alarms')).toThrow('Failed to find access token for service alarms');
  });

  it('tryFindAccessToken answers undefined instead of throwing', () => {
    expect(tryFindAccessToken(tokens, 'alarms')).toBeUndefined();
    expect(tryFindAccessToken(tokens, 'auth')).toBe('auth-token');
  });
});
