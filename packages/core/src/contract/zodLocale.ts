import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The contract is written with zod's small build (`zod/mini`: functions instead of methods, so a
 * bundle keeps only what it uses). zod/mini loads no locale, so every issue would read "Invalid
 * input"; classic zod sets English when its first schema is made. The contract's messages (shown by
 * the UI, answered by the server in `detail`) are zod's English ones, so every contract file that
 * makes schemas imports this module, which sets English as classic zod does: only when no locale is
 * set yet. It is declared a side effect in core's package.json, so bundlers keep the import.
 */
if (!z.config().localeError) z.config(en());
