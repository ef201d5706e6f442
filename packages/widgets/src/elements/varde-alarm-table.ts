// Entry of dist/elements/varde-alarm-table.js (preact build): loading the module defines the element.
import { defineVardeAlarmTable } from '../alarmTable/element.js';
import { defineVardeSession } from '../session/element.js';

defineVardeAlarmTable();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
