export { HttpError, NetworkError, TimeoutError, ResponseShapeError, isHttpError } from './HttpError.js';
export { findAccessToken, tryFindAccessToken } from './accessTokens.js';
export {
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  type HttpClient,
  type HttpClientOptions,
  type RequestOptions,
  type QueryValue,
} from './createHttpClient.js';
