import { errors } from './errors.js';
import { login } from './login.js';
import { session } from './session.js';

/**
 * What core itself says (errors, sign-in, the session): in the i18next instance from the start.
 * A file of its own, so an element's bundle reaches only these three (not every namespace).
 */
export const baseNamespaces = { login, session, errors };
