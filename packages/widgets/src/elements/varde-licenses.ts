// Entry of dist/elements/varde-licenses.js (preact build): loading the module defines the element.
import { defineVardeLicenses } from '../licenses/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeLicenses();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
