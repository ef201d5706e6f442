import { bim } from './bim.js';
import { errorPage } from './errorPage.js';
import { errors } from './errors.js';
import { licenses } from './licenses.js';
import { login } from './login.js';
import { menu } from './menu.js';
import { ml } from './ml.js';
import { notifications } from './notifications.js';
import { portalPages } from './portalPages.js';
import { resetPassword } from './resetPassword.js';
import { search } from './search.js';
import { session } from './session.js';
import { sites } from './sites.js';
import { users } from './users.js';

/** Core's namespaces, each with no/en/se. Widgets add their own with addResourceBundle. */
export const coreNamespaces = {
  login,
  session,
  resetPassword,
  errors,
  errorPage,
  menu,
  sites,
  search,
  bim,
  users,
  notifications,
  licenses,
  ml,
  portalPages,
};

export type CoreNamespace = keyof typeof coreNamespaces;
