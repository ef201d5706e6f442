export * from './licensingClient.js';
export * from './licenseFile.js';
export * from './licensingStore.js';
export * from './localizedLicenseType.js';
