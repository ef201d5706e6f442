import * as z from 'zod/mini';
import './zodLocale.js';
import { role, trueMap } from './common.js';

/** A sub-user an admin manages, as kept in the admin's `adminUsers`. */
export const adminUserEntry = z.object({
  controllers: z.optional(trueMap),
  moduleAccesses: z.optional(trueMap),
});

/** User data (core-shell spec, section 3). The only thing the browser persists to local storage. */
export const userData = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.optional(z.string()),
  role,
  language: z._default(z.enum(['no', 'en', 'se']), 'en'),
  mainPartner: z.optional(z.string()),
  controllers: z._default(trueMap, {}),
  adminUsers: z._default(z.record(z.string(), adminUserEntry), {}),
  moduleAccesses: z._default(trueMap, {}),
  licensingPartners: z._default(trueMap, {}),
  portalAutoLogoutDisabled: z._default(z.boolean(), false),
  systemAdmin: z._default(z.boolean(), false),
});
export type UserData = z.infer<typeof userData>;
