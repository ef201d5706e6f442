// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { controllerIdFromLocation } from '../../src/createUser/controllerId.js';
import { createUserAccess } from '../../src/createUser/access.js';
import { userData } from '@varde/core/contract';

describe('controllerIdFromLocation', () => {
  it('takes the chainId query first, then the hash after #controller', () => {
    expect(controllerIdFromLocation({ search: '?chainId=abc-1', hash: '#controller=zzz' })).toBe('abc-1');
    expect(controllerIdFromLocation({ search: '', hash: '#controller=abc-2' })).toBe('abc-2');
    expect(controllerIdFromLocation({ search: '', hash: '#controller/abc-3' })).toBe('abc-3');
    expect(controllerIdFromLocation({ search: '', hash: '#controller:abc-4' })).toBe('abc-4');
    expect(controllerIdFromLocation({ search: '', hash: '#controllerabc-5' })).toBe('abc-5');
    expect(controllerIdFromLocation({ search: '?chainId=', hash: '#controller=a%20b' })).toBe('a b');
  });

  it('is null without either, for another hash, or a broken escape', () => {
    expect(controllerIdFromLocation({ search: '', hash: '' })).toBeNull();
    expect(controllerIdFromLocation({ search: '?other=1', hash: '#sites' })).toBeNull();
    expect(controllerIdFromLocation({ search: '', hash: '#controller=' })).toBeNull();
    expect(controllerIdFromLocation({ search: '', hash: '#controller=%E0%A4%A' })).toBeNull();
  });
});

describe('createUserAccess', () => {
  const user = (role: string, controllers: Record<string, true>, systemAdmin = false) =>
    userData.parse({ uid: 'u', name: 'N', email: 'n@x.no', role, controllers, systemAdmin });

  it('allows Admin, PowerUser and User with access to the controller; a system admin everywhere', () => {
    for (const role of ['Admin', 'PowerUser', 'User']) expect(createUserAccess(user(role, { c1: true }), 'c1')).toBe('allowed');
    expect(createUserAccess(user('User', { c1: true }), 'c2')).toBe('not-allowed');
    expect(createUserAccess(user('Admin', {}, true), 'c2')).toBe('allowed');
  });

  it('refuses Guest and Viewer, and needs a controller', () => {
    expect(createUserAccess(user('Guest', { c1: true }), 'c1')).toBe('not-allowed');
    expect(createUserAccess(user('Viewer', { c1: true }), 'c1')).toBe('not-allowed');
    expect(createUserAccess(user('Admin', { c1: true }), null)).toBe('no-controller');
  });
});
