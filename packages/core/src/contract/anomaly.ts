import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * The anomaly service (ML explorer): models, their versions and training. Field names are the
 * service's (snake_case). The validation rules below are shared by the editor and the server, so a
 * rule the UI shows is a rule the server enforces (admin spec §5).
 */

export const VERSION_STATUSES = [
  'VERSION_STATUS_CREATED',
  'VERSION_STATUS_STARTING_TRAINING',
  'VERSION_STATUS_PROVISIONING_DATA',
  'VERSION_STATUS_DATA_PROVISIONED',
  'VERSION_STATUS_CREATING_SUBSETS',
  'VERSION_STATUS_SUBSETS_CREATED',
  'VERSION_STATUS_TRAINING_MODEL',
  'VERSION_STATUS_MODEL_TRAINED',
  'VERSION_STATUS_READY',
  'VERSION_STATUS_ERROR',
] as const;
export const versionStatus = z.enum(VERSION_STATUSES);
export type VersionStatus = z.infer<typeof versionStatus>;

/** Only these are editable (parameters) and trainable. */
export const EDITABLE_VERSION_STATUSES: readonly VersionStatus[] = ['VERSION_STATUS_CREATED', 'VERSION_STATUS_ERROR'];
export function isEditableVersionStatus(status: VersionStatus): boolean {
  return EDITABLE_VERSION_STATUSES.includes(status);
}
/** The stages a training job moves through after STARTING_TRAINING, in order (READY last). */
export const TRAINING_STAGES: readonly VersionStatus[] = VERSION_STATUSES.slice(1, 9);
export function isTrainingInProgress(status: VersionStatus): boolean {
  return TRAINING_STAGES.includes(status) && status !== 'VERSION_STATUS_READY';
}

/** Label and parameter values: JSON scalars (labels hold `active: false`, parameters numbers and ISO times). */
export const scalarValue = z.union([z.string().check(z.maxLength(10_000)), z.number(), z.boolean()]);
export type ScalarValue = z.infer<typeof scalarValue>;
export const keyValueMap = z.record(z.string().check(z.maxLength(200)), scalarValue);
export type KeyValueMap = z.infer<typeof keyValueMap>;

export const modelTag = z.object({ controller: z.string().check(z.maxLength(100)), tag: z.string().check(z.maxLength(200)) });
export type ModelTag = z.infer<typeof modelTag>;

export const anomalyVersion = z.object({
  version_id: z.string(),
  model_id: z.string(),
  name: z.string(),
  description: z.string(),
  status: versionStatus,
  /** Why training ended in ERROR (null otherwise). */
  status_message: z.nullable(z.string()),
  labels: keyValueMap,
  parameters: keyValueMap,
  performance: z.record(z.string(), z.union([z.number(), z.string()])),
  creation_date: z.string(),
  modification_date: z.string(),
});
export type AnomalyVersion = z.infer<typeof anomalyVersion>;

export const anomalyModel = z.object({
  model_id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(modelTag),
  labels: keyValueMap,
  parameters: keyValueMap,
  versions: z.array(anomalyVersion),
  creation_date: z.string(),
  modification_date: z.string(),
});
export type AnomalyModel = z.infer<typeof anomalyModel>;
export const anomalyModelList = z.array(anomalyModel);

const name = z.string().check(z.maxLength(300));
const description = z.string().check(z.maxLength(10_000));

/** POST /v0/models: the model (ids, versions and dates in the body are ignored). */
export const createModelBody = z.object({
  name,
  description: z._default(description, ''),
  tags: z._default(z.array(modelTag).check(z.maxLength(200)), []),
  labels: z._default(keyValueMap, {}),
  parameters: z._default(keyValueMap, {}),
});
export type CreateModelBody = z.input<typeof createModelBody>;

/** PATCH /v0/models/{id}: tags and parameters are dropped while the model has versions. */
export const patchModelBody = z.object({
  name: z.optional(name),
  description: z.optional(description),
  tags: z.optional(z.array(modelTag).check(z.maxLength(200))),
  labels: z.optional(keyValueMap),
  parameters: z.optional(keyValueMap),
});
export type PatchModelBody = z.infer<typeof patchModelBody>;

/** POST /v0/models/{model_id}: a new version (ids, status, performance and dates are dropped). */
export const createVersionBody = z.object({
  name,
  description: z._default(description, ''),
  labels: z._default(keyValueMap, {}),
  parameters: z._default(keyValueMap, {}),
});
export type CreateVersionBody = z.input<typeof createVersionBody>;

/** PATCH /v0/models/{id}/{version}: status and performance are dropped; parameters kept only while editable. */
export const patchVersionBody = z.object({
  name: z.optional(name),
  description: z.optional(description),
  labels: z.optional(keyValueMap),
  parameters: z.optional(keyValueMap),
});
export type PatchVersionBody = z.infer<typeof patchVersionBody>;

/** The one image artifact: GET /v0/image/{model_id}/{version_id}/violin_plot. */
export const VIOLIN_PLOT_ARTIFACT = 'violin_plot';

// ---- Validation rules (admin spec §5), texts verbatim ----

export const ML_VALIDATION_MESSAGES = {
  labelUnique: 'The label name has to be unique',
  parameterUnique: 'The parameter name has to be unique',
  tagUnique: 'The controller + tag name has to be unique',
  controllerUuid: 'The controller has to be a valid UUID',
  whitespace: 'No leading or trailing whitespaces',
} as const;
export type MlValidationMessage = (typeof ML_VALIDATION_MESSAGES)[keyof typeof ML_VALIDATION_MESSAGES];

/** A UUID of versions 1 to 5 (RFC 4122 variant). */
export function isValidControllerUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}

export function hasOuterWhitespace(value: string): boolean {
  return value !== value.trim();
}

/**
 * Errors of label or parameter rows, one per row (null = fine): a key with outer whitespace, then a
 * key already used by an earlier row (compared trimmed, since values are trimmed before saving).
 */
export function keyRowErrors(keys: readonly string[], kind: 'label' | 'parameter'): (MlValidationMessage | null)[] {
  const seen = new Set<string>();
  return keys.map((key) => {
    if (hasOuterWhitespace(key)) return ML_VALIDATION_MESSAGES.whitespace;
    const trimmed = key.trim();
    if (seen.has(trimmed)) return kind === 'label' ? ML_VALIDATION_MESSAGES.labelUnique : ML_VALIDATION_MESSAGES.parameterUnique;
    seen.add(trimmed);
    return null;
  });
}

export interface TagRowError {
  controller: MlValidationMessage | null;
  tag: MlValidationMessage | null;
}

/** Errors of tag rows: controller a UUID (v1-5); tag without outer whitespace; controller + tag unique. */
export function tagRowErrors(tags: readonly ModelTag[]): TagRowError[] {
  const seen = new Set<string>();
  return tags.map(({ controller, tag }) => {
    const errors: TagRowError = { controller: null, tag: null };
    if (!isValidControllerUuid(controller)) errors.controller = ML_VALIDATION_MESSAGES.controllerUuid;
    if (hasOuterWhitespace(tag)) errors.tag = ML_VALIDATION_MESSAGES.whitespace;
    const pair = `${controller.trim().toLowerCase()}\u0000${tag.trim()}`;
    if (seen.has(pair) && !errors.tag) errors.tag = ML_VALIDATION_MESSAGES.tagUnique;
    seen.add(pair);
    return errors;
  });
}

/** The first rule a list of tags breaks, or null. */
export function firstTagError(tags: readonly ModelTag[]): MlValidationMessage | null {
  for (const row of tagRowErrors(tags)) {
    const error = row.controller ?? row.tag;
    if (error) return error;
  }
  return null;
}

/** The first rule the keys of a map break (keys with outer whitespace), or null. */
export function firstKeyError(keys: readonly string[], kind: 'label' | 'parameter'): MlValidationMessage | null {
  return keyRowErrors(keys, kind).find((error) => error !== null) ?? null;
}

export const ML_NAME_MESSAGES = {
  required: 'A name is required',
  emptyFolder: 'Folders in a model name cannot be empty',
} as const;

/** A name must not be blank; a model name's folders (split on /) must not be blank either. */
export function nameError(name: string, kind: 'model' | 'version'): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return ML_NAME_MESSAGES.required;
  if (kind === 'model' && trimmed.split('/').some((part) => part.trim() === '')) return ML_NAME_MESSAGES.emptyFolder;
  return null;
}

// ---- A new version's defaults (admin spec §3) ----

const DAY_MS = 86_400_000;
export const NEW_VERSION_NAME = 'new version';
export const NEW_VERSION_WINDOW_DAYS = { start: 372, end: 7 } as const;

/** The body of a new version: name, labels (active=false + output placeholders), a window 372 to 7 days back, HDBSCAN-style sizes. */
export function defaultNewVersion(now: number): { name: string; description: string; labels: KeyValueMap; parameters: KeyValueMap } {
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  return {
    name: NEW_VERSION_NAME,
    description: '',
    labels: { active: false, output_tag_prefix: '<output tag prefix>', output_controller: '<output controller uuid>' },
    parameters: {
      start: new Date(hour - NEW_VERSION_WINDOW_DAYS.start * DAY_MS).toISOString(),
      end: new Date(hour - NEW_VERSION_WINDOW_DAYS.end * DAY_MS).toISOString(),
      min_cluster_size: 3000,
      min_samples: 100,
      subset_size: 10000,
    },
  };
}
