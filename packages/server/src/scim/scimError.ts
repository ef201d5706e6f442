/** The SCIM error message (RFC 7644 section 3.12). */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 table 9, the `scimType`s this service answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/**
 * The one error type under /scim/v2: the SCIM routes' error handler answers it (and every other error
 * there) as a SCIM error body, `{schemas, status, scimType?, detail}`, with `application/scim+json`.
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export interface ScimErrorBody {
  schemas: [typeof SCIM_ERROR_SCHEMA];
  status: string;
  scimType?: ScimType;
  detail: string;
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimType): ScimErrorBody {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
