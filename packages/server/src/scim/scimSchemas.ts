/** The schema and message URNs this service speaks (RFC 7643, 7644). */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
/**
 * Entra ID names this schema beside the core one in every group it creates (its documented request
 * bodies); it adds nothing this service keeps, so it is accepted and not answered.
 */
export const ENTRA_GROUP_SCHEMA = 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group';

export const USER_SCHEMAS_ACCEPTED = new Set([USER_SCHEMA, ENTERPRISE_USER_SCHEMA].map((urn) => urn.toLowerCase()));
export const GROUP_SCHEMAS_ACCEPTED = new Set([GROUP_SCHEMA, ENTRA_GROUP_SCHEMA].map((urn) => urn.toLowerCase()));

/** The SCIM media type (RFC 7644 section 8.1); plain JSON is accepted too, as the RFC asks. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';
