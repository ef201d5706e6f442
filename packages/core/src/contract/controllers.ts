import * as z from 'zod/mini';
import './zodLocale.js';
import { dataEnvelope } from './common.js';

/** controllers-api: the sites (controllers) a user may see. */

/** `true` online, `false` offline, `null` unavailable. */
export const webpmpReady = z.nullable(z.boolean());

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
  rules: z.optional(z.number().check(z.int())),
});
export type Site = z.infer<typeof site>;

/** GET /controllers. With no query at all: every site the caller may see. */
export const listControllersQuery = z.object({
  controllers: z.optional(z.enum(['controllers', 'adminControllers'])),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
  rules: z.optional(z.enum(['True', 'False', 'true', 'false'])),
});
export type ListControllersQuery = z.infer<typeof listControllersQuery>;

export const listControllersResponse = dataEnvelope(site);
/** `GET /controllers/{id}`: one site the caller may see (404 unknown, 403 someone else's). */
export const getControllerResponse = z.object({ data: site });
export type ListControllersResponse = z.infer<typeof listControllersResponse>;
