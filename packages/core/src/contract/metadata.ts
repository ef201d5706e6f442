import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * The cloud metadata service (service `metadata`, a cloud function's CLOUD_META_DATA_HOST):
 * `GET /v0/tags?controller-uuid=<uuid>&name=<tag>` or `&uuid=<tag uuid>` answers the controller's matching
 * tags as `[{name, uuid, path}]`, `[]` when none matches. Shapes as public clients of the vendor's cloud read
 * them (docs/contract.md). Without name and uuid: every tag of the controller.
 */
export const tagsQuery = z.object({
  'controller-uuid': z.string().check(z.uuid('controller-uuid must be a UUID')),
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  uuid: z.optional(z.string().check(z.uuid('uuid must be a UUID'))),
});
export type TagsQuery = z.infer<typeof tagsQuery>;

export const metadataTag = z.object({
  name: z.string(),
  /** Stable: the same controller and tag name give the same uuid on every cloud. */
  uuid: z.string(),
  /** Where the tag sits: `<controller name>/<tag name>`. */
  path: z.string(),
});
export type MetadataTag = z.infer<typeof metadataTag>;
export const tagsResponse = z.array(metadataTag);
