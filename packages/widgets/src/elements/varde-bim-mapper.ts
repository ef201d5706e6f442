// Entry of dist/elements/varde-bim-mapper.js (preact build): loading the module defines the element.
import { defineVardeBimMapper } from '../bimMapper/element.js';

defineVardeBimMapper();
