import * as z from 'zod';
import { role, trueMap } from './common.js';

/** A sub-user an admin manages, as kept in the admin's `adminUsers`. */
export const adminUserEntry = z.object({
  controllers: trueMap.optional(),
  moduleAccesses: trueMap.optional(),
});

/** User data (core-shell spec, section 3). The only thing the browser persists to local storage. */
export const userData = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  role,
  language: z.enum(['no', 'en', 'se']).default('en'),
  mainPartner: z.string().optional(),
  controllers: trueMap.default({}),
  adminUsers: z.record(z.string(), adminUserEntry).default({}),
  moduleAccesses: trueMap.default({}),
  licensingPartners: trueMap.default({}),
  portalAutoLogoutDisabled: z.boolean().default(false),
  systemAdmin: z.boolean().default(false),
});
export type UserData = z.infer<typeof userData>;
