/** A property row of the user detail (username, name, phone): the value, and an inline editor with save / cancel. */
import { useRef, useState, type FormEvent } from 'react';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';

export interface EditableRowProps {
  field: string;
  label: string;
  value: string;
  type?: 'text' | 'email' | 'tel';
  t: WidgetTranslate;
  /** A message key of an error for this value, or null when it may be saved. */
  validate: (value: string) => string | null;
  /** Saves; rejects with a message to show. */
  onSave: (value: string) => Promise<void>;
}

export function EditableRow({ field, label, value, type = 'text', t, validate, onSave }: EditableRowProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLElement & { value?: string; focus(): void }>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const next = (input.current?.value ?? '').trim();
    const problem = validate(next);
    if (problem) {
      setError(t(problem));
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      if (next !== value) await onSave(next);
      setEditing(false);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="varde-user-detail__row" data-row={field} part={`row row-${field}`}>
      <dt>{label}</dt>
      <dd>
        {editing ? (
          <form className="varde-user-detail__inline-form" noValidate onSubmit={(event) => void save(event)}>
            <sl-input
              ref={input}
              size="small"
              type={type}
              label={label}
              className="varde-user-detail__inline-input"
              value={value}
              autofocus
              help-text={error ?? ''}
              data-error={error ? '' : undefined}
              part={`${field}-input`}
            />
            <sl-button size="small" type="submit" variant="primary" loading={busy} part={`${field}-save-button`}>
              {t('save')}
            </sl-button>
            <sl-button
              size="small"
              type="button"
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              {t('cancel')}
            </sl-button>
          </form>
        ) : (
          <>
            <span className="varde-user-detail__value" part={`${field}-value`}>
              {value || '—'}
            </span>
            <sl-button size="small" onClick={() => setEditing(true)} part={`${field}-edit-button`}>
              {t('edit')}
              <span className="varde-sr-only">{` ${label}`}</span>
            </sl-button>
          </>
        )}
      </dd>
    </div>
  );
}
