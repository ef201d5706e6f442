// Entry of dist/elements/varde-alarm-table.js (preact build): loading the module defines the element.
import { defineVardeAlarmTable } from '../alarmTable/element.js';

defineVardeAlarmTable();
