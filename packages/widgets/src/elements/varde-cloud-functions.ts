// Entry of dist/elements/varde-cloud-functions.js (preact build): loading the module defines the element.
import { defineVardeCloudFunctions } from '../cloudFunctions/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeCloudFunctions();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
