// Entry of dist/elements/varde-user-admin.js (preact build): loading the module defines the element.
import { defineVardeUserAdmin } from '../userAdmin/element.js';

defineVardeUserAdmin();
