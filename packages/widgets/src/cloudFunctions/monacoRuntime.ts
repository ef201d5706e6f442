/**
 * monaco-editor, loaded only through loadSourceEditor() (import()), never at module top level: the
 * core editor, a few editing features, and Python's basic (Monarch) highlighting. Built with
 * monacoBuild.mjs: the CSS arrives as text (globalThis.__vardeMonacoCss) and is added to the
 * document once; the editor worker is `monaco-editor.worker.js` beside this chunk.
 */
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/features/codicon/register.js';
import 'monaco-editor/features/find/register.js';
import 'monaco-editor/features/folding/register.js';
import 'monaco-editor/features/bracketMatching/register.js';
import 'monaco-editor/features/comment/register.js';
import 'monaco-editor/features/clipboard/register.js';
import 'monaco-editor/features/contextmenu/register.js';
import 'monaco-editor/features/cursorUndo/register.js';
import 'monaco-editor/features/indentation/register.js';
import 'monaco-editor/features/linesOperations/register.js';
import 'monaco-editor/features/multicursor/register.js';
import 'monaco-editor/features/wordHighlighter/register.js';
import 'monaco-editor/languages/definitions/python/register.js';
import type { SourceEditor, SourceEditorOptions } from './sourceEditorTypes.js';

const CSS_GLOBAL = '__vardeMonacoCss';
const STYLE_ID = 'varde-monaco-styles';

function addStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const texts = (globalThis as Record<string, unknown>)[CSS_GLOBAL];
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = Array.isArray(texts) ? texts.join('\n') : '';
  document.head.append(style);
}

function configureWorker(): void {
  const scope = globalThis as { MonacoEnvironment?: unknown };
  if (scope.MonacoEnvironment) return;
  const workerUrl = new URL('./monaco-editor.worker.js', import.meta.url);
  // If the worker cannot start, monaco falls back to running its (small) worker code on the page.
  scope.MonacoEnvironment = { getWorker: () => new Worker(workerUrl, { type: 'module', name: 'monaco-editor' }) };
}

export function createMonacoEditor(container: HTMLElement, options: SourceEditorOptions): SourceEditor {
  addStyles();
  configureWorker();
  const editor = monaco.editor.create(container, {
    value: options.value,
    language: 'python',
    readOnly: options.readOnly ?? false,
    automaticLayout: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    fontSize: 13,
    tabSize: 4,
    insertSpaces: true,
    ariaLabel: options.ariaLabel,
  });
  const subscription = editor.onDidChangeModelContent(() => options.onChange(editor.getValue()));
  return {
    kind: 'monaco',
    getValue: () => editor.getValue(),
    setValue(value) {
      if (value !== editor.getValue()) editor.setValue(value);
    },
    setReadOnly: (readOnly) => editor.updateOptions({ readOnly }),
    layout: () => editor.layout(),
    focus: () => editor.focus(),
    dispose() {
      subscription.dispose();
      editor.getModel()?.dispose();
      editor.dispose();
    },
  };
}
