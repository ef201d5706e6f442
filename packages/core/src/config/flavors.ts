import { hostServiceUrls } from './serviceUrls.js';
import type { FirebaseSettings, Flavor, Settings, ThemeName } from './types.js';

/** This build is the customer flavor (spec). A host page or test may still ask for another. */
export const BUILD_FLAVOR: Flavor = 'customer';

/** Cloud domain per flavor: service hosts are `<service>.<domain>`. */
export const FLAVOR_DOMAINS: Record<Flavor, string> = {
  staging: 'staging.varde.cloud',
  base: 'varde.cloud',
  customer: 'varde.cloud',
};

export const FLAVOR_THEMES: Record<Flavor, ThemeName> = {
  staging: 'varde',
  base: 'varde',
  customer: 'fjord',
};

/**
 * Firebase web configuration of the production projects. These values identify the project to the
 * SDK; they are not secrets (access is decided by the database rules and the custom tokens).
 */
export const PRODUCTION_FIREBASE: Record<'staging' | 'production', FirebaseSettings> = {
  staging: {
    options: {
      apiKey: 'AIzaSyVardeStagingWebKey000000000000000',
      authDomain: 'varde-staging.firebaseapp.com',
      projectId: 'varde-staging',
      databaseURL: 'https://varde-staging-default-rtdb.europe-west1.firebasedatabase.app',
      appId: '1:000000000001:web:staging',
    },
  },
  production: {
    options: {
      apiKey: 'AIzaSyVardeProductionWebKey00000000000',
      authDomain: 'varde-prod.firebaseapp.com',
      projectId: 'varde-prod',
      databaseURL: 'https://varde-prod-default-rtdb.europe-west1.firebasedatabase.app',
      appId: '1:000000000002:web:production',
    },
  },
};

/** Production settings of a flavor (no brand, Norwegian). resolveSettings adds brand and language. */
export function flavorSettings(flavor: Flavor): Settings {
  const domain = FLAVOR_DOMAINS[flavor];
  const services = hostServiceUrls(domain);
  return {
    flavor,
    brand: null,
    basePath: '',
    language: 'no',
    theme: FLAVOR_THEMES[flavor],
    domain,
    authServerUrl: services.auth,
    loginServerUrl: services.login,
    clientId: 'portal',
    services,
    firebase: flavor === 'staging' ? PRODUCTION_FIREBASE.staging : PRODUCTION_FIREBASE.production,
    externalLinks: {},
    dashboards: false,
    controllerLinks: 'hostname',
    local: false,
  };
}
