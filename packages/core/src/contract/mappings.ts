import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * mappings-manager (cloud apps): mappings (a set of meanings) and their mapping tables, which map each
 * meaning to a controller tag. Shapes as public clients of the real cloud read them
 * (docs/contract.md): `GET /v0/mappings` -> `[{title, uuid, description, meanings: [{title, uuid, type}]}]`,
 * `GET /v0/mapping-tables/{mappingUuid}` -> `[{title, uuid, active, "tag-mappings": [{"controller-id",
 * "meaning-uuid", tag}], parameters: [...]}]`. Writes answer plain text: `created`, `updated`, `deleted`.
 */

/** A meaning's type: `input`, `output`, `input_list`, `output_list`, or `parameter` (a table's setting). */
export const meaning = z.object({ title: z.string(), uuid: z.string(), type: z.string() });
export type Meaning = z.infer<typeof meaning>;

/** The meanings a table maps to controller tags (all but the `parameter` meanings, which are set in `parameters`). */
export function tagMeanings(mapping: Pick<Mapping, 'meanings'>): Meaning[] {
  return mapping.meanings.filter((item) => item.type !== 'parameter');
}

/** Texts per language code (`{"no": "...", "en": "..."}`). */
export const localizedText = z.record(z.string(), z.string());
export const mappingRatings = z.object({ comfort: z.number(), energy: z.number(), operation: z.number() });
export type MappingRatings = z.infer<typeof mappingRatings>;

/**
 * A mapping as the vendor's library of version 7 reads it: title, uuid, description, meanings, and cause,
 * consequence, level, ratings, cypher_query. The cloud always sends them all; the later five are optional
 * here so that the older shape (the first four only) parses too.
 */
export const mapping = z.object({
  title: z.string(),
  uuid: z.string(),
  description: z.string(),
  meanings: z.array(meaning),
  cause: z.optional(localizedText),
  consequence: z.optional(localizedText),
  level: z.optional(z.string()),
  ratings: z.optional(mappingRatings),
  cypher_query: z.optional(z.nullable(z.string())),
});
export type Mapping = z.infer<typeof mapping>;
export const listMappingsResponse = z.array(mapping);

/** A language code such as `no`, `en`, `sv` or `nb-NO`. */
const languageCode = z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Not a language code (such as no, en or sv)'));
const localizedTextWrite = z
  .record(languageCode, z.string().check(z.maxLength(2000, 'At most 2,000 characters')))
  .check(z.refine((texts) => Object.keys(texts).length <= 20, 'At most 20 languages'));
const rating = z.number().check(z.int('A whole number'), z.minimum(0, 'From 0'), z.maximum(5, 'To 5'));

/**
 * `PUT /v0/mappings/{uuid}`: a mapping's descriptive fields, all of them (the meanings stay: tables and
 * functions refer to them). Answers `updated`.
 */
export const mappingWrite = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'A title is required'), z.maxLength(200)),
  description: z.string().check(z.maxLength(2000)),
  cause: localizedTextWrite,
  consequence: localizedTextWrite,
  level: z.string().check(z.trim(), z.maxLength(20)),
  ratings: z.object({ comfort: rating, energy: rating, operation: rating }),
  cypher_query: z.pipe(
    z.nullable(z.string().check(z.trim(), z.maxLength(10_000))),
    z.transform((query: string | null) => (query === '' ? null : query)),
  ),
});
export type MappingWrite = z.input<typeof mappingWrite>;
export type MappingFields = z.infer<typeof mappingWrite>;

/** The fields `mappingWrite` carries, read from a mapping (absent ones as the cloud stores them). */
export function mappingFields(mapping: Mapping): MappingFields {
  return {
    title: mapping.title,
    description: mapping.description,
    cause: mapping.cause ?? {},
    consequence: mapping.consequence ?? {},
    level: mapping.level ?? '',
    ratings: mapping.ratings ?? { comfort: 0, energy: 0, operation: 0 },
    cypher_query: mapping.cypher_query ?? null,
  };
}

/** Spec §5 texts for tag-mapping fields. */
export const CONTROLLER_UUID_MESSAGE = 'The controller has to be a valid UUID';
export const WHITESPACE_MESSAGE = 'No leading or trailing whitespaces';

/** A UUID of versions 1–5 (any case). */
export const UUID_V1_5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isControllerUuid(value: string): boolean {
  return UUID_V1_5.test(value);
}

export function isUntrimmed(value: string): boolean {
  return value !== value.trim();
}

/** As stored and read. An unmapped meaning has empty `controller-id` and `tag` (or no entry). */
export const tagMapping = z.object({
  'meaning-uuid': z.string(),
  'controller-id': z.string(),
  tag: z.string(),
});
export type TagMapping = z.infer<typeof tagMapping>;

/** Written: controller-id is a UUID (or empty, with an empty tag: unmapped); no outer whitespace. */
export const tagMappingWrite = z
  .object({
    'meaning-uuid': z.string().check(z.minLength(1), z.maxLength(100)),
    'controller-id': z
      .string()
      .check(
        z.maxLength(100),
        z.refine((value) => !isUntrimmed(value), WHITESPACE_MESSAGE),
        z.refine((value) => value === '' || isControllerUuid(value), CONTROLLER_UUID_MESSAGE),
      ),
    tag: z.string().check(z.maxLength(200), z.refine((value) => !isUntrimmed(value), WHITESPACE_MESSAGE)),
  })
  .check(
    z.refine((value) => value['controller-id'] !== '' || value.tag === '', {
      message: 'A tag needs a controller',
      path: ['controller-id'],
    }),
  );
export type TagMappingWrite = z.infer<typeof tagMappingWrite>;

/** A table's setting for one of the mapping's `parameter` meanings. */
export const mappingParameter = z.object({
  'meaning-uuid': z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type MappingParameter = z.infer<typeof mappingParameter>;

export const mappingParameterWrite = z.object({
  'meaning-uuid': z.string().check(z.minLength(1), z.maxLength(100)),
  value: z.union([z.string().check(z.maxLength(1000)), z.number(), z.boolean(), z.null()]),
});

export const mappingTable = z.object({
  title: z.string(),
  uuid: z.string(),
  active: z.boolean(),
  'tag-mappings': z.array(tagMapping),
  parameters: z.array(mappingParameter),
});
export type MappingTable = z.infer<typeof mappingTable>;
export const listMappingTablesResponse = z.array(mappingTable);

/** `POST /v0/mapping-tables/{mapping}/{uuid}`: the row without its uuid (create or replace). */
export const mappingTableWrite = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'A title is required'), z.maxLength(200)),
  active: z._default(z.boolean(), false),
  'tag-mappings': z._default(z.array(tagMappingWrite).check(z.maxLength(5000)), []),
  parameters: z._default(z.array(mappingParameterWrite).check(z.maxLength(1000)), []),
});
export type MappingTableWrite = z.input<typeof mappingTableWrite>;

/** `PATCH /v0/mapping-tables/{mapping}/{uuid}`: any of the fields. */
export const mappingTablePatch = z.partial(
  z.object({
    title: z.string().check(z.trim(), z.minLength(1, 'A title is required'), z.maxLength(200)),
    active: z.boolean(),
    'tag-mappings': z.array(tagMappingWrite).check(z.maxLength(5000)),
    parameters: z.array(mappingParameterWrite).check(z.maxLength(1000)),
  }),
);
export type MappingTablePatch = z.infer<typeof mappingTablePatch>;

/** A table uuid chosen by the client: a UUID, or 1–100 letters, digits, - and _. */
export const mappingTableId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a mapping table id'));

export const mappingWriteAnswer = z.enum(['created', 'updated']);
export type MappingWriteAnswer = z.infer<typeof mappingWriteAnswer>;

/** Spec §7: raised on any answer other than the expected text. */
export const UNEXPECTED_MAPPINGS_STATUS = 'Unexpected status returned from mappings-manager server: ';

/** Spec §9: after mapping-table writes, wait this long before reloading. */
export const MAPPING_RELOAD_DELAY_MS = 2000;
