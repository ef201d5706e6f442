// Entry of dist/elements/varde-user-detail.js (preact build): loading the module defines the element.
import { defineVardeUserDetail } from '../userDetail/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeUserDetail();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
