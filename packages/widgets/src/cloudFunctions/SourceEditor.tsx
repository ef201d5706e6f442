/**
 * The Python source editor. monaco cannot live inside a shadow root (its CSS is global and it measures
 * and focuses through the document), so inside the custom element the editor's container is a
 * light-DOM child of the host element, shown through a named <slot> at this place; in the portal (no
 * shadow root) the container is simply this component's own div. monaco's CSS goes into the
 * document's head (monacoRuntime.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { loadSourceEditor } from './loadSourceEditor.js';
import type { SourceEditor as Editor } from './sourceEditorTypes.js';

export interface SourceEditorProps {
  value: string;
  /**
   * Which document is shown (e.g. `edit:hello`, `new:`). The value is pushed into the editor only when
   * this changes: while the user types, the value that comes back through the store can lag behind
   * the editor (preact renders later), and pushing it would throw away keystrokes.
   */
  documentKey: string;
  readOnly: boolean;
  ariaLabel: string;
  onChange(value: string): void;
  /** Told once the editor is there: 'monaco', or 'textarea' when monaco could not load. */
  onReady?(kind: Editor['kind']): void;
}

export function SourceEditor({ value, documentKey, readOnly, ariaLabel, onChange, onReady }: SourceEditorProps) {
  const anchorRef = useRef<HTMLDivElement | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const latest = useRef({ value, readOnly, onChange, onReady });
  latest.current = { value, readOnly, onChange, onReady };
  const slotName = `varde-source-editor-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [slotted, setSlotted] = useState(false);

  useEffect(() => {
    const anchor = anchorRef.current;
    if (!anchor) return;
    const root = anchor.getRootNode();
    const inShadow = typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot;
    let container = anchor;
    if (inShadow) {
      container = anchor.ownerDocument.createElement('div');
      container.slot = slotName;
      container.setAttribute('data-varde-source-editor', '');
      container.style.cssText = 'width:100%;height:100%;min-height:0;';
      root.host.append(container);
      setSlotted(true);
    }
    let disposed = false;
    void loadSourceEditor().then((create) => {
      if (disposed) return;
      const editor = create(container, {
        value: latest.current.value,
        readOnly: latest.current.readOnly,
        ariaLabel,
        onChange: (text) => {
          if (text !== latest.current.value) latest.current.onChange(text);
        },
      });
      editorRef.current = editor;
      latest.current.onReady?.(editor.kind);
    });
    return () => {
      disposed = true;
      editorRef.current?.dispose();
      editorRef.current = null;
      if (container !== anchor) container.remove();
    };
  }, [slotName, ariaLabel]);

  // Another document (a new function from the template, say): show its source.
  useEffect(() => editorRef.current?.setValue(latest.current.value), [documentKey]);
  useEffect(() => editorRef.current?.setReadOnly(readOnly), [readOnly]);

  return (
    <div ref={anchorRef} className="varde-cloud-functions__source-host" part="source-editor">
      {slotted ? <slot name={slotName} /> : null}
    </div>
  );
}
