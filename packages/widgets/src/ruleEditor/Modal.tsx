import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  onClose(): void;
  children?: ReactNode;
  footer?: ReactNode;
  /** data-dialog attribute, for tests and styling (`rule`, `test`, `confirm`). */
  kind: string;
}

/**
 * A modal dialog inside the widget (no portal: it stays in the shadow root). Escape and the
 * backdrop close it; focus moves into it when it opens and back when it closes.
 */
export function Modal({ title, onClose, children, footer, kind }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const root = dialogRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    const before = root?.activeElement as HTMLElement | null | undefined;
    // Native fields only: a Shoelace button may not have rendered its inner button yet.
    const first = dialogRef.current?.querySelector<HTMLElement>('input, select, textarea, button');
    (first ?? dialogRef.current)?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div
      className="varde-rule-editor__overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        className="varde-rule-editor__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-dialog={kind}
        tabIndex={-1}
        ref={dialogRef}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 className="varde-rule-editor__dialog-title" id={titleId}>
          {title}
        </h2>
        <div className="varde-rule-editor__dialog-body">{children}</div>
        {footer ? <div className="varde-rule-editor__dialog-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
