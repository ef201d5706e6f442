// Entry of dist/elements/varde-bim-mapper.js (preact build): loading the module defines the element.
import { defineVardeBimMapper } from '../bimMapper/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeBimMapper();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
