/**
 * Loads the source editor lazily: monaco (a separate chunk of several MB, fetched on first use), or,
 * when it cannot load (a host page without the chunk, an old browser), a plain textarea so the
 * function can still be edited.
 */
import type { SourceEditor, SourceEditorFactory, SourceEditorOptions } from './sourceEditorTypes.js';

let loading: Promise<SourceEditorFactory> | null = null;

export function textareaEditor(container: HTMLElement, options: SourceEditorOptions): SourceEditor {
  const textarea = container.ownerDocument.createElement('textarea');
  textarea.value = options.value;
  textarea.spellcheck = false;
  textarea.readOnly = options.readOnly ?? false;
  textarea.setAttribute('aria-label', options.ariaLabel);
  textarea.setAttribute('data-source-editor', 'textarea');
  textarea.style.cssText = 'width:100%;height:100%;box-sizing:border-box;font:13px/1.4 monospace;border:0;resize:none;padding:8px;';
  const onInput = () => options.onChange(textarea.value);
  textarea.addEventListener('input', onInput);
  container.append(textarea);
  return {
    kind: 'textarea',
    getValue: () => textarea.value,
    setValue(value) {
      if (textarea.value !== value) textarea.value = value;
    },
    setReadOnly: (readOnly) => void (textarea.readOnly = readOnly),
    layout: () => undefined,
    focus: () => textarea.focus(),
    dispose() {
      textarea.removeEventListener('input', onInput);
      textarea.remove();
    },
  };
}

export function loadSourceEditor(): Promise<SourceEditorFactory> {
  loading ??= import('./monacoRuntime.js')
    .then((runtime) => runtime.createMonacoEditor as SourceEditorFactory)
    .catch((error: unknown) => {
      console.warn('varde: the code editor could not be loaded; using a plain text area.', error);
      return textareaEditor;
    });
  return loading;
}
