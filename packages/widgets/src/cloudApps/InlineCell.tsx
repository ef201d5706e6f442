import { useState, type KeyboardEvent } from 'react';

export interface InlineCellProps {
  value: string;
  label: string;
  hint: string;
  disabled: boolean;
  /** Called with the edited text when Enter is pressed (the store trims it). */
  onCommit(value: string): void;
  field: string;
}

/**
 * A cell edited in place: Enter confirms, Escape (or leaving the cell) puts the saved value back.
 * Re-keyed on the saved value, so a reload after the write shows what the cloud holds.
 */
export function InlineCell({ value, label, hint, disabled, onCommit, field }: InlineCellProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (text !== value) onCommit(text);
    } else if (event.key === 'Escape') {
      setText(value);
    }
  };
  return (
    <input
      className="varde-cloud-apps__cell"
      value={text}
      aria-label={label}
      title={hint}
      disabled={disabled}
      spellCheck={false}
      autoComplete="off"
      data-field={field}
      data-dirty={text !== value ? '' : undefined}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => setText(value)}
    />
  );
}
