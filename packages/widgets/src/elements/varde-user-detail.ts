// Entry of dist/elements/varde-user-detail.js (preact build): loading the module defines the element.
import { defineVardeUserDetail } from '../userDetail/element.js';

defineVardeUserDetail();
