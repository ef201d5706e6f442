// Entry of dist/elements/varde-account-settings.js (preact build): loading the module defines the element.
import { defineVardeAccountSettings } from '../accountSettings/element.js';

defineVardeAccountSettings();
