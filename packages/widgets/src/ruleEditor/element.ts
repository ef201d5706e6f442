/**
 * <varde-rule-editor>: the RuleEditorWidget as a custom element (open shadow root). Registration is
 * explicit: call defineRuleEditor() (the dist/elements/varde-rule-editor.js module does).
 */
import { defineWidgetElement } from '../shared/defineWidgetElement.js';
import { RuleEditorWidget, type RuleEditorWidgetProps } from './Component.js';

export const RULE_EDITOR_TAG = 'varde-rule-editor';

/** What <varde-rule-editor> adds to HTMLElement: its attributes as properties. */
export interface VardeRuleEditorElement extends HTMLElement {
  /** Only this site (uuid), expanded. */
  site: string | undefined;
  list: 'controllers' | 'adminControllers' | undefined;
}

export function defineRuleEditor(): CustomElementConstructor {
  return defineWidgetElement<RuleEditorWidgetProps>(RULE_EDITOR_TAG, RuleEditorWidget, {
    attributes: { site: 'string', list: 'string' },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'varde-rule-editor': VardeRuleEditorElement;
  }
}
