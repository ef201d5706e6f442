// Entry of dist/elements/varde-site-alarm-cards.js (preact build): loading the module defines the element.
import { defineVardeSiteAlarmCards } from '../siteAlarmCards/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeSiteAlarmCards();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
