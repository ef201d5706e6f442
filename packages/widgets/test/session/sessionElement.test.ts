import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createSession, localSettings, sharedSession, setSharedSession, type Session } from '@varde/core';
import { defineVardeSession, type VardeSessionElement } from '../../src/session/element.js';
import type { SessionChangeDetail } from '../../src/session/events.js';
import { parseServiceHosts, settingsFromConfig } from '../../src/session/sessionConfig.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';

/** <varde-session> in a DOM: configuration by attributes, tokens pushed by the host page, events. */
let cloud: Cloud;
let tokenSource: Session;

beforeAll(async () => {
  cloud = await startCloud();
  // The "host page" gets its tokens itself (here: a password sign-in from Node).
  tokenSource = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: globalThis.fetch });
  await tokenSource.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
  defineVardeSession();
});
afterAll(async () => {
  await tokenSource.dispose();
  await sharedSession()?.dispose();
  setSharedSession(null);
  await cloud.close();
});

function shadowText(element: HTMLElement): string {
  return (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');
}

describe('<varde-session>', () => {
  it('configures the shared session from its attributes, then signs in with tokens pushed by the host', async () => {
    const changes: SessionChangeDetail[] = [];
    document.addEventListener('varde-session-change', (event) => changes.push(event.detail));
    const element = document.createElement('varde-session');
    element.setAttribute('cloud', cloud.url);
    element.setAttribute('sign-in', 'none');
    document.body.append(element);

    await waitFor(() => expect(shadowText(element)).toContain('Ikke logget inn'));
    const session = sharedSession();
    expect(session?.settings.authServerUrl).toBe(`${cloud.url}/cloud/auth`);
    expect(changes).toEqual([{ state: 'signed-out', user: null, reason: 'no-session' }]);
    // sign-in="none": no button; the host pushes tokens.
    expect(element.shadowRoot?.querySelector('[part="sign-in-button"]')).toBeNull();

    const tokens = tokenSource.accessTokens()!;
    await (element as VardeSessionElement).useAccessTokens(tokens, { user: tokenSource.user! });
    await waitFor(() => expect(shadowText(element)).toContain(`Logget inn som ${demoUsers.user.name}`));
    expect(sharedSession()).toBe(session);
    expect(session?.tokenFor('controllers-api')).toBe(tokenSource.tokenFor('controllers-api'));
    expect(changes.at(-1)).toMatchObject({ state: 'signed-in', user: { email: demoUsers.user.email } });
    // No token in the DOM.
    expect(element.outerHTML + (element.shadowRoot?.innerHTML ?? '')).not.toContain(tokenSource.tokenFor('controllers-api'));

    // The same attributes keep the same session; another cloud makes a new one.
    element.setAttribute('sign-in', 'password');
    await waitFor(() => expect(element.shadowRoot?.querySelector('[part="sign-out-button"]')).not.toBeNull());
    expect(sharedSession()).toBe(session);
    element.remove();
  });

  it('takes tokens through the accessTokens property, without reflecting them to an attribute', async () => {
    const element = document.createElement('varde-session') as VardeSessionElement;
    element.cloud = `${cloud.url}/`; // another configuration: a new, signed-out session
    document.body.append(element);
    await waitFor(() => expect(shadowText(element)).toContain('Ikke logget inn'));
    element.accessTokens = tokenSource.accessTokens()!;
    await waitFor(() => expect(sharedSession()?.state).toBe('signed-in'));
    expect(element.getAttributeNames().sort()).toEqual(['cloud']);
    element.remove();
  });
});

describe('session attributes', () => {
  const page = { origin: 'https://example.org', hostname: 'example.org', pathname: '/' };

  it('lays auth server, login server, client id and service hosts over the production settings', () => {
    const settings = settingsFromConfig(
      {
        authServer: 'https://auth.example.org/',
        loginServer: 'https://login.example.org',
        clientId: 'controller',
        serviceHosts: 'controllers-api=https://ctl.example.org, alarms=https://alarms.example.org',
      },
      page,
    );
    expect(settings).toMatchObject({ authServerUrl: 'https://auth.example.org', loginServerUrl: 'https://login.example.org', clientId: 'controller' });
    expect(settings.services['controllers-api']).toBe('https://ctl.example.org');
    expect(settings.services.alarms).toBe('https://alarms.example.org');
    expect(settings.local).toBe(false);
  });

  it('refuses unknown services and bad URLs with a message for the page author', () => {
    expect(() => parseServiceHosts('nosuch=https://x')).toThrow('service-hosts: unknown service "nosuch"');
    expect(() => parseServiceHosts('alarms')).toThrow('service-hosts: expected name=url, not "alarms"');
    expect(() => settingsFromConfig({ authServer: 'javascript:alert(1)' }, page)).toThrow('auth-server must be an http(s) URL');
  });
});
