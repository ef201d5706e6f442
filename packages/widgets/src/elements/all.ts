// Entry of dist/elements/all.js (preact build): loading the module defines every widget.
import { defineAllWidgets } from '../defineAll.js';

defineAllWidgets();
