/** The Python source editor, whichever implementation backs it (monaco, or a plain textarea). */
export interface SourceEditor {
  kind: 'monaco' | 'textarea';
  getValue(): string;
  setValue(value: string): void;
  setReadOnly(readOnly: boolean): void;
  layout(): void;
  focus(): void;
  dispose(): void;
}

export interface SourceEditorOptions {
  value: string;
  readOnly?: boolean;
  ariaLabel: string;
  onChange(value: string): void;
}

export type SourceEditorFactory = (container: HTMLElement, options: SourceEditorOptions) => SourceEditor;
