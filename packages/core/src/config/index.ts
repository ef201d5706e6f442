export * from './types.js';
export { BRANDS, BRAND_DOMAIN, brandFor, isBrandId, type BrandDefinition } from './brands.js';
export { BUILD_FLAVOR, FLAVOR_DOMAINS, FLAVOR_THEMES, PRODUCTION_FIREBASE, flavorSettings } from './flavors.js';
export { localSettings, type LocalSettingsOptions } from './localSettings.js';
export { hostServiceUrls, pathServiceUrls, serviceBaseUrl } from './serviceUrls.js';
export {
  resolveSettings,
  languageFor,
  isLoopbackHost,
  type PageLocation,
  type ResolveSettingsOptions,
} from './resolveSettings.js';
