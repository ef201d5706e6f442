import * as z from 'zod/mini';
import './zodLocale.js';

/** Cross-site tag search: rows of tag_userSearch (controller proxy) and of the search socket. */

export const tagSearchRow = z.object({
  /** Site name. */
  site: z.string(),
  siteUuid: z.string(),
  Name: z.string(),
  description: z.string(),
  Value: z.string(),
  SeqNo: z.number().check(z.int()),
  /** ISO 8601. */
  LastChanged: z.string(),
  ChangedBy: z.string(),
  /** Position of the row in its answer. */
  index: z.number().check(z.int(), z.minimum(0)),
});
export type TagSearchRow = z.infer<typeof tagSearchRow>;
/** The rows of one answer on the search socket. */
export const tagSearchRows = z.array(tagSearchRow);

/** Longest search text the cloud accepts. */
export const SEARCH_TEXT_MAX = 200;
export const searchText = z.string().check(z.trim(), z.minLength(1), z.maxLength(SEARCH_TEXT_MAX));

/** GET {search}/tags?q=&limit=: the REST form of the search socket (CLI, scripts). */
export const searchTagsQuery = z.object({
  q: searchText,
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
});
export const searchTagsResponse = z.object({ data: z.array(tagSearchRow) });
export type SearchTagsResponse = z.infer<typeof searchTagsResponse>;

/** Path of the search websocket under the search service (`?token=<search access token>`). */
export const SEARCH_SOCKET_PATH = '/socket';
/** Rows per answer on the socket and by default over REST. */
export const SEARCH_RESULT_LIMIT = 200;
