// Entry of dist/elements/varde-site-alarm-cards.js (preact build): loading the module defines the element.
import { defineVardeSiteAlarmCards } from '../siteAlarmCards/element.js';

defineVardeSiteAlarmCards();
