// Entry of dist/elements/varde-account-settings.js (preact build): loading the module defines the element.
import { defineVardeAccountSettings } from '../accountSettings/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeAccountSettings();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
