import {
  createHttpClient,
  isHttpError,
  renewSession,
  tryFindAccessToken,
  type HttpClient,
  type RequestOptions,
} from '@varde/core';
import type { StoredProfile } from '../config/configFile.js';
import { serviceBaseUrl, type Settings } from '../config/settings.js';
import { CliError, notSignedIn } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { AuthCookieJar, type AuthCookies } from './authCookies.js';
import { isPersonalToken, parseGivenToken, type Credentials } from './credentials.js';
import { createFetch } from './proxyFetch.js';

/** Renew this long before the tokens expire, so a request never leaves with a token about to lapse. */
const RENEW_MARGIN_MS = 60_000;

export type CredentialSource = 'environment' | 'profile';

/**
 * The CLI's connection to one cloud: the core HTTP client plus the credentials of the profile
 * (or of VARDE_TOKEN), renewed through POST /session/renew when they expire or a service answers
 * 401. Renewal uses the auth server's session cookie when there is one (it outlives the tokens),
 * else the auth service's token. Renewed profile credentials are written back to the config file;
 * VARDE_TOKEN ones never are.
 */
export class CloudSession {
  readonly http: HttpClient;
  private credentials: Credentials | undefined;
  private readonly cookieJar: AuthCookieJar;
  readonly source: CredentialSource | undefined;

  constructor(
    private readonly settings: Settings,
    fetchImpl: typeof fetch = createFetch(),
    private readonly now: () => number = Date.now,
  ) {
    if (settings.environmentToken !== undefined) {
      this.credentials = parseGivenToken(settings.environmentToken, 'VARDE_TOKEN');
      this.source = 'environment';
    } else if (settings.stored.accessTokens) {
      this.credentials = credentialsOf(settings.stored);
      this.source = 'profile';
    }
    const profileCookies = this.source === 'profile' ? settings.stored.authCookies : undefined;
    this.cookieJar = new AuthCookieJar(serviceBaseUrl(settings.cloud, 'auth'), profileCookies);
    this.http = createHttpClient({
      baseUrlFor: (service) => serviceBaseUrl(settings.cloud, service as Parameters<typeof serviceBaseUrl>[1]),
      accessTokens: () => this.credentials?.accessTokens ?? null,
      fetch: this.cookieJar.wrap(fetchImpl),
    });
  }

  get signedIn(): boolean {
    return this.credentials !== undefined;
  }

  get expiresAt(): number | undefined {
    return this.credentials?.expiresAt;
  }

  get current(): Credentials | undefined {
    return this.credentials;
  }

  /** The auth server's session cookie(s), to store with the profile. */
  get authCookies(): AuthCookies {
    return this.cookieJar.current;
  }

  /** The auth service's token of the signed-in profile, if any (the outbox takes a system admin's). */
  authToken(): string | undefined {
    return tryFindAccessToken(this.credentials?.accessTokens, 'auth');
  }

  requireSignedIn(): void {
    if (!this.credentials) throw notSignedIn(this.settings.profileName);
  }

  /** A request as the signed-in user: renews first when needed, and once more after a 401. */
  request<T>(service: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const auth = options.auth ?? true;
    if (auth === false) return this.http.request(service, path, options);
    return this.call(service, (http) => http.request(service, path, options), { tokenRequired: auth === true });
  }

  /**
   * Runs a typed core client function (`userInfo(http)`, later `listUsers(http, ...)`) for a
   * service with the same renewal rules as `request`.
   */
  async call<T>(service: string, run: (http: HttpClient) => Promise<T>, options: { tokenRequired?: boolean } = {}): Promise<T> {
    const tokenRequired = options.tokenRequired ?? true;
    if (tokenRequired) this.requireSignedIn();
    let renewed = false;
    if (this.needsRenewal(service, tokenRequired)) {
      await this.renew();
      renewed = true;
    }
    try {
      return await run(this.http);
    } catch (error) {
      // A 401 rejected the request before it did anything, so repeating it once is safe.
      if (renewed || !isHttpError(error) || error.status !== 401 || !this.canRenew()) throw error;
      await this.renew();
      return run(this.http);
    }
  }

  /** Exchanges the auth service's token for fresh service tokens. */
  async renew(): Promise<void> {
    if (this.source === 'profile') this.catchUpWithProfile();
    if (!this.canRenew()) throw this.sessionExpired();
    let fresh: Credentials;
    try {
      fresh = await renewSession(this.http);
    } catch (error) {
      if (isHttpError(error) && (error.status === 401 || error.status === 403)) throw this.sessionExpired();
      throw error;
    }
    this.credentials = fresh;
    if (this.source === 'profile') this.persist(fresh);
  }

  /** Replaces the credentials in memory (after login); the caller decides what to store. */
  use(credentials: Credentials): void {
    this.credentials = credentials;
  }

  /** Forgets credentials and cookies in memory, so a new sign-in starts clean. */
  startOver(): void {
    this.credentials = undefined;
    this.cookieJar.replace({});
  }

  /**
   * Another varde process may have renewed this profile's session meanwhile. Each renewal rotates the
   * session cookie, and the cloud takes a retired cookie presented later as a stolen copy (ending the
   * session), so a long run starts its renewal from what the other process stored, if it is the same user.
   */
  private catchUpWithProfile(): void {
    const stored = this.settings.configFile.read().profiles[this.settings.profileName];
    if (!stored?.accessTokens || !stored.authCookies || stored.uid !== this.settings.stored.uid) return;
    this.cookieJar.replace(stored.authCookies);
    this.credentials = credentialsOf(stored);
  }

  private needsRenewal(service: string, tokenRequired: boolean): boolean {
    const credentials = this.credentials;
    if (!credentials || !this.canRenew()) return false;
    // VARDE_TOKEN may hold only the auth token: the other services' tokens come from a renewal.
    if (tokenRequired && tryFindAccessToken(credentials.accessTokens, service) === undefined) return true;
    return credentials.expiresAt !== undefined && credentials.expiresAt - RENEW_MARGIN_MS <= this.now();
  }

  private canRenew(): boolean {
    if (isPersonalToken(this.credentials)) return false;
    return (
      tryFindAccessToken(this.credentials?.accessTokens, 'auth') !== undefined ||
      Object.keys(this.cookieJar.current).length > 0
    );
  }

  private sessionExpired(): CliError {
    if (this.source === 'environment') {
      return new CliError('The token in VARDE_TOKEN was not accepted or has expired.', EXIT.auth);
    }
    if (isPersonalToken(this.credentials)) {
      return new CliError(`The access token of profile ${this.settings.profileName} was not accepted: it has expired or was revoked. Make a new one and run: varde login --with-token`, EXIT.auth);
    }
    const flag = this.settings.profileName === 'default' ? '' : ` --profile ${this.settings.profileName}`;
    return new CliError(`Session expired. Run: varde login${flag}`, EXIT.auth);
  }

  private persist(credentials: Credentials): void {
    this.settings.configFile.updateProfile(this.settings.profileName, (current) => ({
      ...current,
      accessTokens: credentials.accessTokens,
      ...(credentials.expiresAt !== undefined ? { expiresAt: credentials.expiresAt } : {}),
      authCookies: this.cookieJar.current,
    }));
  }
}

function credentialsOf(profile: StoredProfile): Credentials {
  const credentials: Credentials = { accessTokens: profile.accessTokens ?? {} };
  if (profile.expiresAt !== undefined) credentials.expiresAt = profile.expiresAt;
  return credentials;
}
