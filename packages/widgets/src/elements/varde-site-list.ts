// Entry of dist/elements/varde-site-list.js (preact build): loading the module defines the element.
import { defineVardeSiteList } from '../siteList/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeSiteList();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
