// Entry of dist/elements/varde-rule-editor.js (preact build): loading the module defines the element.
import { defineRuleEditor } from '../ruleEditor/element.js';

defineRuleEditor();
