import * as z from 'zod';

/** Cross-site tag search: rows of tag_userSearch (controller proxy) and of the search socket. */

export const tagSearchRow = z.object({
  /** Site name. */
  site: z.string(),
  siteUuid: z.string(),
  Name: z.string(),
  description: z.string(),
  Value: z.string(),
  SeqNo: z.number().int(),
  /** ISO 8601. */
  LastChanged: z.string(),
  ChangedBy: z.string(),
  /** Position of the row in its answer. */
  index: z.number().int().min(0),
});
export type TagSearchRow = z.infer<typeof tagSearchRow>;

/** Longest search text the cloud accepts. */
export const SEARCH_TEXT_MAX = 200;
export const searchText = z.string().trim().min(1).max(SEARCH_TEXT_MAX);

/** GET {search}/tags?q=&limit=: the REST form of the search socket (CLI, scripts). */
export const searchTagsQuery = z.object({
  q: searchText,
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export const searchTagsResponse = z.object({ data: z.array(tagSearchRow) });
export type SearchTagsResponse = z.infer<typeof searchTagsResponse>;

/** Path of the search websocket under the search service (`?token=<search access token>`). */
export const SEARCH_SOCKET_PATH = '/socket';
/** Rows per answer on the socket and by default over REST. */
export const SEARCH_RESULT_LIMIT = 200;
