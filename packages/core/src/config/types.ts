import type { ServiceName } from '../contract/services.js';

export const FLAVORS = ['staging', 'base', 'customer'] as const;
/** staging: the provider's test cloud; base: the provider's own portal; customer: this build. */
export type Flavor = (typeof FLAVORS)[number];

export const LANGUAGES = ['no', 'en', 'se'] as const;
/** UI languages. `se` is the product's code for Swedish (kept from the original, not ISO `sv`). */
export type Language = (typeof LANGUAGES)[number];

export const THEMES = ['varde', 'fjord', 'nordlys'] as const;
/** Themes: the base flavor's, the customer flavor's and the third brand's. */
export type ThemeName = (typeof THEMES)[number];

/** What the firebase SDK needs (a subset of FirebaseOptions, so core's config has no firebase import). */
export interface FirebaseAppOptions {
  apiKey: string;
  projectId: string;
  /** `https://<ns>.firebasedatabase.app` in production; `ws://host:port?ns=<ns>` for the reference cloud. */
  databaseURL: string;
  authDomain?: string;
  appId?: string;
}

export interface FirebaseSettings {
  options: FirebaseAppOptions;
  /** Set for the reference cloud: `connectAuthEmulator` gets this URL (its origin). */
  authEmulatorUrl?: string;
}

/** Links the menu shows only when configured (spec: smart tuning, insight; one brand adds Apps). */
export interface ExternalLinks {
  smarttune?: string;
  insight?: string;
  apps?: string;
}

export interface Settings {
  flavor: Flavor;
  /** A custom brand adopted from the first path segment on the brand domain, else null. */
  brand: BrandId | null;
  /** Router base: `/<brand>` when a brand was adopted from the path, else ''. */
  basePath: string;
  /** UI language before a user's choice is known. */
  language: Language;
  theme: ThemeName;
  /** Service host names are `<service>.<domain>`; `accessTokens` keys use them. */
  domain: string;
  authServerUrl: string;
  /** The identity provider's server; the OIDC authority is this + `/v2`. */
  loginServerUrl: string;
  /** OIDC client id. */
  clientId: string;
  /** Base URL per service (no trailing slash). */
  services: Record<ServiceName, string>;
  firebase: FirebaseSettings;
  externalLinks: ExternalLinks;
  /** Whether the views (dashboards) menu entry is shown. */
  dashboards: boolean;
  /**
   * How the portal opens a controller: `proxy` through the cloud's controller proxy by path (works
   * anywhere), or `hostname` at the site's own host name (`https://<site>.<sites domain>`, which needs
   * a wildcard DNS name for the sites). The reference cloud has no such name: `proxy`.
   */
  controllerLinks: 'proxy' | 'hostname';
  /** True for the reference cloud (one origin, emulator endpoints). */
  local: boolean;
}

export const BRAND_IDS = ['nordlys', 'fjellvann'] as const;
export type BrandId = (typeof BRAND_IDS)[number];
