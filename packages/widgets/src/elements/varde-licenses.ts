// Entry of dist/elements/varde-licenses.js (preact build): loading the module defines the element.
import { defineVardeLicenses } from '../licenses/element.js';

defineVardeLicenses();
