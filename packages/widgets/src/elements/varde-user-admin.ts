// Entry of dist/elements/varde-user-admin.js (preact build): loading the module defines the element.
import { defineVardeUserAdmin } from '../userAdmin/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeUserAdmin();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
