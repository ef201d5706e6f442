// Entry of dist/elements/varde-rule-editor.js (preact build): loading the module defines the element.
import { defineRuleEditor } from '../ruleEditor/element.js';
import { defineVardeSession } from '../session/element.js';

defineRuleEditor();
// The session it signs in with comes along, so a host page needs one script tag (defining twice is a no-op).
defineVardeSession();
