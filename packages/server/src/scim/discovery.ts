import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, RESOURCE_TYPE_SCHEMA, SCHEMA_SCHEMA, SERVICE_PROVIDER_CONFIG_SCHEMA, USER_SCHEMA } from './scimSchemas.js';

/**
 * The discovery resources (RFC 7644 section 4, RFC 7643 sections 5-7): what this service supports, told
 * the way clients read it. Built from the same facts the routes enforce: PATCH yes, bulk no, filter yes
 * (at most 1000 results a page), ETags yes (every resource has a version; If-Match is honoured), sort and
 * password change no (a password is set through the account's own pages).
 */
export function serviceProviderConfig(baseUrl: string, docsUrl: string): Record<string, unknown> {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri: docsUrl,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 1000 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The directory connection's token (varde_scim_…), made by a partner admin under Administration → Directory sync",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string): Array<Record<string, unknown>> {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person who signs in to Varde; userName is their sign-in e-mail',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A directory group; a partner admin maps it to a Varde role and sites',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'writeOnly' | 'immutable';
  returned?: 'always' | 'never' | 'default' | 'request';
  uniqueness?: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
  referenceTypes?: string[];
  description?: string;
}

function attribute(spec: Attribute): Record<string, unknown> {
  return {
    name: spec.name,
    type: spec.type,
    multiValued: spec.multiValued ?? false,
    description: spec.description ?? '',
    required: spec.required ?? false,
    caseExact: spec.caseExact ?? false,
    mutability: spec.mutability ?? 'readWrite',
    returned: spec.returned ?? 'default',
    uniqueness: spec.uniqueness ?? 'none',
    ...(spec.referenceTypes ? { referenceTypes: spec.referenceTypes } : {}),
    ...(spec.subAttributes ? { subAttributes: spec.subAttributes.map(attribute) } : {}),
  };
}

const str = (name: string, extra: Partial<Attribute> = {}): Attribute => ({ name, type: 'string', ...extra });
const multi = (name: string, description: string): Attribute => ({
  name,
  type: 'complex',
  multiValued: true,
  description,
  subAttributes: [str('value'), str('display'), str('type'), { name: 'primary', type: 'boolean' }],
});

const USER_ATTRIBUTES: Attribute[] = [
  str('userName', { required: true, uniqueness: 'server', description: "The sign-in e-mail address" }),
  {
    name: 'name',
    type: 'complex',
    subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map((name) => str(name)),
  },
  str('displayName', { description: 'The name Varde shows (else name.formatted, else given and family name)' }),
  str('nickName'),
  { name: 'profileUrl', type: 'reference', referenceTypes: ['external'] },
  str('title'),
  str('userType'),
  str('preferredLanguage', { description: 'no/nb/nn, sv or en: the language of the invitation and of Varde' }),
  str('locale'),
  str('timezone'),
  { name: 'active', type: 'boolean', description: 'false: sign-in, sessions and access tokens end at once' },
  str('password', { mutability: 'writeOnly', returned: 'never', caseExact: true }),
  multi('emails', 'E-mail addresses (userName is the sign-in one)'),
  multi('phoneNumbers', 'The primary (else mobile, else first) is the number Varde sends SMS to'),
  multi('ims', 'Instant messaging addresses'),
  multi('photos', 'Photos'),
  {
    name: 'addresses',
    type: 'complex',
    multiValued: true,
    subAttributes: ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type'].map((name) => str(name)),
  },
  {
    name: 'groups',
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [str('value', { mutability: 'readOnly' }), { name: '$ref', type: 'reference', referenceTypes: ['Group'], mutability: 'readOnly' }, str('display', { mutability: 'readOnly' })],
  },
  multi('entitlements', 'Entitlements (kept, not used)'),
  multi('roles', 'Roles (kept, not used: Varde roles come from group mappings)'),
  multi('x509Certificates', 'Certificates (kept, not used)'),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  str('displayName', { required: true, uniqueness: 'server' }),
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    subAttributes: [str('value', { mutability: 'immutable', caseExact: true }), { name: '$ref', type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }, str('display', { mutability: 'readOnly' }), str('type', { mutability: 'immutable' })],
  },
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  str('employeeNumber'),
  str('costCenter'),
  str('organization'),
  str('division'),
  str('department'),
  { name: 'manager', type: 'complex', subAttributes: [str('value'), { name: '$ref', type: 'reference', referenceTypes: ['User'] }, str('displayName', { mutability: 'readOnly' })] },
];

export function schemas(baseUrl: string): Array<Record<string, unknown>> {
  const schema = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes: attributes.map(attribute),
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(USER_SCHEMA, 'User', 'User Account', USER_ATTRIBUTES),
    schema(GROUP_SCHEMA, 'Group', 'Group', GROUP_ATTRIBUTES),
    schema(ENTERPRISE_USER_SCHEMA, 'EnterpriseUser', 'Enterprise User', ENTERPRISE_ATTRIBUTES),
  ];
}
