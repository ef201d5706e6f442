// Entry of dist/elements/varde-cloud-functions.js (preact build): loading the module defines the element.
import { defineVardeCloudFunctions } from '../cloudFunctions/element.js';

defineVardeCloudFunctions();
