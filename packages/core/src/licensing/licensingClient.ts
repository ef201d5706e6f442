import {
  getLicenseResponse,
  IDEMPOTENCY_HEADER,
  LICENSE_JWKS_PATH,
  licenseJwks,
  listLicenseTypesResponse,
  listLicensesResponse,
  listPartnersResponse,
  type GenerateLicenseRequest,
  type GetLicenseResponse,
  type License,
  type LicenseJwks,
  type LicenseType,
  type LicensingPartner,
  type StoredLicense,
} from '../contract/licensing.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { decodeLicenseFile } from './licenseFile.js';

/**
 * The licensing service's calls (contract/licensing.ts), for the licences widget and the CLI. Each
 * takes a session's HttpClient and throws HttpError on a non-2xx answer (403: not your partner;
 * 404: no such licence; 409: the licence was already renewed, edited or archived).
 */
const LICENSING = 'licensing';

export interface LicensingCallOptions {
  signal?: AbortSignal;
  /** generate/edit: a repeated request with the same key answers the first one's licence. */
  idempotencyKey?: string;
}

/** What generate, renew and edit answer: the licence file and the licence it holds. */
export interface IssuedLicense {
  file: string;
  license: License;
}

const partnerPath = (partner: string) => `/partners/${encodeURIComponent(partner)}`;

function signalOf(options?: LicensingCallOptions): { signal?: AbortSignal } {
  return options?.signal ? { signal: options.signal } : {};
}

export async function listLicensingPartners(http: HttpClient, options?: LicensingCallOptions): Promise<LicensingPartner[]> {
  return (await http.request(LICENSING, '/partners', { ...signalOf(options), schema: listPartnersResponse })).data;
}

export async function listLicenseTypes(http: HttpClient, partner: string, options?: LicensingCallOptions): Promise<LicenseType[]> {
  return (await http.request(LICENSING, `${partnerPath(partner)}/licenseTypes`, { ...signalOf(options), schema: listLicenseTypesResponse })).data;
}

/** The partner's active licences, or its archive. */
export async function listLicenses(
  http: HttpClient,
  partner: string,
  query: { archived?: boolean } = {},
  options?: LicensingCallOptions,
): Promise<StoredLicense[]> {
  const answer = await http.request(LICENSING, `${partnerPath(partner)}/licenses`, {
    ...signalOf(options),
    query: { archived: query.archived ? 'true' : 'false' },
    schema: listLicensesResponse,
  });
  return answer.data;
}

/** One licence (active or archived) with its file. */
export function getLicense(http: HttpClient, partner: string, id: string, options?: LicensingCallOptions): Promise<GetLicenseResponse> {
  return http.request(LICENSING, `${partnerPath(partner)}/licenses/${encodeURIComponent(id)}`, { ...signalOf(options), schema: getLicenseResponse });
}

async function issue(http: HttpClient, path: string, body: GenerateLicenseRequest, options?: LicensingCallOptions): Promise<IssuedLicense> {
  const file = await http.request<string>(LICENSING, path, {
    ...signalOf(options),
    method: 'POST',
    body,
    responseType: 'text',
    ...(options?.idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: options.idempotencyKey } } : {}),
  });
  return { file, license: decodeLicenseFile(file).license };
}

/** POST generateLicense: a new licence (or a renewal, with licenseInfo.previousLicenseID). */
export function generateLicense(http: HttpClient, body: GenerateLicenseRequest, options?: LicensingCallOptions): Promise<IssuedLicense> {
  return issue(http, '/generateLicense', body, options);
}

/** POST editLicense: reissues licenseInfo.id with the changed fields (same dates, a new id naming the old). */
export function editLicense(http: HttpClient, body: GenerateLicenseRequest, options?: LicensingCallOptions): Promise<IssuedLicense> {
  return issue(http, '/editLicense', body, options);
}

/** The licence as a request body again (the service ignores the fields it owns). */
export function licenseRequestOf(license: License): GenerateLicenseRequest {
  const { chain: _chain, issueDate: _issued, expirationDate: _expires, issuedBy: _by, ...info } = license.licenseInfo;
  return { licenseInfo: info as GenerateLicenseRequest['licenseInfo'], metadata: license.metadata };
}

/** Renew: issue date today, the chosen expiry, previousLicenseID = the renewed licence (which is archived). */
export function renewLicense(
  http: HttpClient,
  license: License,
  expiration: string,
  options?: LicensingCallOptions,
): Promise<IssuedLicense> {
  const request = licenseRequestOf(license);
  const { id, ...info } = request.licenseInfo;
  return generateLicense(http, { ...request, licenseInfo: { ...info, previousLicenseID: id! }, expiration }, options);
}

/** POST archiveLicense {partner, uid}: delete in the portal; the licence moves to the archive. */
export async function archiveLicense(http: HttpClient, partner: string, uid: string, options?: LicensingCallOptions): Promise<void> {
  await http.request(LICENSING, '/archiveLicense', { ...signalOf(options), method: 'POST', body: { partner, uid } });
}

/** The public keys licence files are signed with (public: no token needed). */
export function fetchLicenseJwks(http: HttpClient, options?: LicensingCallOptions): Promise<LicenseJwks> {
  return http.request(LICENSING, LICENSE_JWKS_PATH, { ...signalOf(options), auth: false, schema: licenseJwks });
}
