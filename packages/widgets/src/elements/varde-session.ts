// Entry of dist/elements/varde-session.js (preact build): loading the module defines the element.
import { defineVardeSession } from '../session/element.js';

defineVardeSession();
