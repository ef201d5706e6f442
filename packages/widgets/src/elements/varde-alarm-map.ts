// Entry of dist/elements/varde-alarm-map.js (preact build): loading the module defines the element.
import { defineVardeAlarmMap } from '../alarmMap/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeAlarmMap();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
