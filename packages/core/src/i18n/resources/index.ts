import { errorPage } from './errorPage.js';
import { errors } from './errors.js';
import { login } from './login.js';
import { menu } from './menu.js';
import { notifications } from './notifications.js';
import { portalPages } from './portalPages.js';
import { search } from './search.js';
import { session } from './session.js';
import { sites } from './sites.js';
import { users } from './users.js';

/**
 * Core's namespaces, each with no/en/se. Besides the base ones, a user adds those it shows with
 * ensureNamespace (the portal all of them; a widget the few it uses), so an element's bundle
 * carries only its own texts. Widgets add their own namespaces the same way.
 */
export const coreNamespaces = {
  login,
  session,
  errors,
  errorPage,
  menu,
  sites,
  search,
  users,
  notifications,
  portalPages,
};

export type CoreNamespace = keyof typeof coreNamespaces;

// Not here: the namespaces of pages that add their texts when they open (`accessTokens`, issue 34;
// `resetPassword`; `audit`, issue 36; `bim`, `ml` and `licenses`, which their widgets add), only at
// `@varde/core/texts/<namespace>`, so the portal's first paint does not carry them (sourceAliases.mjs).

// Each by name too, so a bundle that shows every namespace anyway (the portal) can resolve
// `@varde/core/texts/<namespace>` here and keep the texts in one chunk (sourceAliases.mjs).
export { errorPage, errors, login, menu, notifications, portalPages, search, session, sites, users };
