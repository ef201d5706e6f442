// Entry of dist/elements/varde-create-user.js (preact build): loading the module defines the element.
import { defineVardeCreateUser } from '../createUser/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeCreateUser();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
