// Entry of dist/elements/varde-cloud-apps.js (preact build): loading the module defines the element.
import { defineVardeCloudApps } from '../cloudApps/element.js';

defineVardeCloudApps();
