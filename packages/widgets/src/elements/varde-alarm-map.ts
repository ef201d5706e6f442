// Entry of dist/elements/varde-alarm-map.js (preact build): loading the module defines the element.
import { defineVardeAlarmMap } from '../alarmMap/element.js';

defineVardeAlarmMap();
