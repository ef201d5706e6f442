/**
 * Error bodies in the shape Google's identity APIs answer, which the firebase auth SDK parses:
 * it reads `error.message`, splits it at " : " into a server code (INVALID_CUSTOM_TOKEN -> the
 * error code auth/invalid-custom-token) and a message. `detail` is the cloud's own error field.
 */
export interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    errors: Array<{ message: string; domain: string; reason: string }>;
    status: string;
  };
  detail: string;
}

export class GoogleApiError extends Error {
  override readonly name = 'GoogleApiError';
  constructor(
    readonly statusCode: number,
    /** The server code the SDK maps, e.g. INVALID_ID_TOKEN. */
    readonly serverCode: string,
    readonly detail: string,
  ) {
    super(`${serverCode}: ${detail}`);
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
};

export function googleErrorBody(statusCode: number, serverCode: string, detail: string): GoogleErrorBody {
  // " : " separates code from message for the SDK, so keep it out of the message itself.
  const message = `${serverCode} : ${detail.replaceAll(' : ', ': ')}`;
  return {
    error: {
      code: statusCode,
      message,
      errors: [{ message, domain: 'global', reason: 'invalid' }],
      status: STATUS_NAMES[statusCode] ?? (statusCode >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT'),
    },
    detail,
  };
}
