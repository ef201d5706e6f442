// Entry of dist/elements/varde-create-user.js (preact build): loading the module defines the element.
import { defineVardeCreateUser } from '../createUser/element.js';

defineVardeCreateUser();
