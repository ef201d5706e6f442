import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * zod's small build (`zod/mini`: functions instead of methods, so a bundle keeps only what the
 * contract uses), with the English messages the contract's callers show and the server answers in
 * `detail`. zod/mini loads no locale (every issue would read "Invalid input"); classic zod sets
 * English when its first schema is made. Set here as classic does: only when no locale is set yet.
 * Every contract file imports zod through this module, so the locale is set wherever a schema exists.
 */
if (!z.config().localeError) z.config(en());

export * from 'zod/mini';
