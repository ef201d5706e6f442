import { describe, expect, it } from 'vitest';
import { InMemoryWebStorage, UserManager } from 'oidc-client-ts';
import { createUserManager, localSettings, oidcSettings } from './support.js';

describe('oidcSettings', () => {
  const store = new InMemoryWebStorage();
  const settings = oidcSettings({
    loginServerUrl: localSettings('http://localhost:8080').loginServerUrl,
    clientId: 'portal',
    origin: 'http://localhost:8080/',
    store,
  });

  it('is the code flow with PKCE against login server + /v2, scope openid profile', () => {
    expect(settings).toMatchObject({
      authority: 'http://localhost:8080/cloud/login/v2',
      client_id: 'portal',
      response_type: 'code',
      scope: 'openid profile',
      redirect_uri: 'http://localhost:8080/login/callback',
      silent_redirect_uri: 'http://localhost:8080/login/silent-callback',
      automaticSilentRenew: true,
      monitorSession: true,
      checkSessionIntervalInSeconds: 2,
    });
  });

  it('keeps the provider user and the PKCE state in the given (session) storage', async () => {
    const manager = createUserManager({
      loginServerUrl: 'http://localhost:8080/cloud/login',
      clientId: 'portal',
      origin: 'http://localhost:8080',
      store,
    });
    expect(manager).toBeInstanceOf(UserManager);
    await settings.userStore?.set('probe', 'x');
    await settings.stateStore?.set('probe2', 'y');
    expect(store.getItem('varde.oidc.probe')).toBe('x');
    expect(store.getItem('varde.oidc.probe2')).toBe('y');
  });
});
