/**
 * <varde-session>: the SessionWidget as a custom element (open shadow root). Registration is
 * explicit: call defineVardeSession() (the dist/elements/varde-session.js module does).
 */
import type { AccessTokens, UserData } from '@varde/core/contract';
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { SessionWidget, type SessionWidgetProps } from './Component.js';
import type { SessionConfig } from './sessionConfig.js';
import { configureSharedSession } from './sharedSessionConfig.js';

export const SESSION_TAG = 'varde-session';

/** What <varde-session> adds to HTMLElement (its attributes as properties, and its methods). */
export interface VardeSessionElement extends HTMLElement, SessionConfig {
  signIn: 'password' | 'none' | undefined;
  accessTokens: AccessTokens | undefined;
  /** Signs the shared session in with tokens the host page holds (no renewal: push new ones before expiry). */
  useAccessTokens(tokens: AccessTokens, options?: { user?: UserData; customToken?: string; expiresAt?: number }): Promise<void>;
  /** Signs the shared session out (backend logout included). */
  signOut(): Promise<void>;
}

const CONFIG_PROPS = ['cloud', 'authServer', 'loginServer', 'clientId', 'domain', 'serviceHosts'] as const;

function withMethods(Base: CustomElementConstructor): CustomElementConstructor {
  return class extends Base {
    private config(): SessionConfig {
      const self = this as unknown as Record<string, string | undefined>;
      return Object.fromEntries(CONFIG_PROPS.map((name) => [name, self[name]]));
    }

    useAccessTokens(tokens: AccessTokens, options?: { user?: UserData; customToken?: string; expiresAt?: number }): Promise<void> {
      return configureSharedSession(this.config()).useAccessTokens(tokens, options);
    }

    signOut(): Promise<void> {
      return configureSharedSession(this.config()).signOut();
    }
  };
}

export function defineVardeSession(): CustomElementConstructor {
  return defineWidgetElement<SessionWidgetProps>(SESSION_TAG, SessionWidget, {
    attributes: {
      cloud: 'string',
      authServer: 'string',
      loginServer: 'string',
      clientId: 'string',
      domain: 'string',
      serviceHosts: 'string',
      signIn: 'string',
    },
    properties: ['accessTokens'],
    extend: withMethods,
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-session': VardeSessionElement;
  }
}
