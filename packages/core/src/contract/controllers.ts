import * as z from 'zod';
import { dataEnvelope } from './common.js';

/** controllers-api: the sites (controllers) a user may see. */

/** `true` online, `false` offline, `null` unavailable. */
export const webpmpReady = z.boolean().nullable();

export const site = z.object({
  uuid: z.string(),
  name: z.string(),
  hostname: z.string(),
  /** "4.0" or older. */
  version: z.string(),
  webpmpReady,
  latitude: z.number(),
  longitude: z.number(),
  /** Number of notification rules, present when asked for with `rules=True`. */
  rules: z.number().int().optional(),
});
export type Site = z.infer<typeof site>;

/** GET /controllers. With no query at all: every site the caller may see. */
export const listControllersQuery = z.object({
  controllers: z.enum(['controllers', 'adminControllers']).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  rules: z.enum(['True', 'False', 'true', 'false']).optional(),
});
export type ListControllersQuery = z.infer<typeof listControllersQuery>;

export const listControllersResponse = dataEnvelope(site);
/** `GET /controllers/{id}`: one site the caller may see (404 unknown, 403 someone else's). */
export const getControllerResponse = z.object({ data: site });
export type ListControllersResponse = z.infer<typeof listControllersResponse>;
