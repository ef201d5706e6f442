export {
  listLicensingPartners,
  listLicenseTypes,
  listLicenses,
  getLicense,
  generateLicense,
  editLicense,
  renewLicense,
  archiveLicense,
  fetchLicenseJwks,
  licenseRequestOf,
  type IssuedLicense,
  type LicensingCallOptions,
} from './licensingClient.js';
export { decodeLicenseFile, verifyLicenseFile, type DecodedLicenseFile, type LicenseVerification } from './licenseFile.js';
export { createLicensingStore, type LicensingState, type LicensingStoreOptions, type PartnerLicensing } from './licensingStore.js';
export { localizedLicenseType } from './localizedLicenseType.js';
