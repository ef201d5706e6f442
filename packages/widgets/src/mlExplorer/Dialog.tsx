import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  name: string;
  children?: ReactNode;
  actions: ReactNode;
  onCancel(): void;
}

/**
 * A modal dialog (role=dialog, aria-modal) over the widget: focus moves to it, Escape cancels.
 * Drawn inside the widget so it works the same in the portal and in a shadow root.
 */
export function Dialog({ title, name, children, actions, onCancel }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    // The dialog itself takes focus (its buttons may not be upgraded yet); Tab moves on to them.
    box.current?.focus();
  }, []);
  return (
    <div className="varde-ml-explorer__backdrop" onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <div ref={box} tabIndex={-1} className="varde-ml-explorer__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} data-dialog={name} part={`dialog-${name}`}>
        <h2 id={titleId}>{title}</h2>
        <div className="varde-ml-explorer__dialog-body">{children}</div>
        <div className="varde-ml-explorer__actions">{actions}</div>
      </div>
    </div>
  );
}
