// Entry of dist/elements/varde-cloud-apps.js (preact build): loading the module defines the element.
import { defineVardeCloudApps } from '../cloudApps/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeCloudApps();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
