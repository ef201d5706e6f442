import { useId } from 'react';
import type { KeyValueRow } from '@varde/core';
import type { ModelTag, TagRowError } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { validationText } from './validationText.js';

interface FieldProps {
  label: string;
  value: string;
  error?: string | null;
  disabled?: boolean;
  onChange(value: string): void;
  field: string;
  multiline?: boolean;
}

/** A labelled text field with its error beside it (aria-invalid + aria-describedby). */
export function Field({ label, value, error, disabled, onChange, field, multiline }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    disabled,
    'data-field': field,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className="varde-ml-explorer__field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} type="text" spellCheck={false} onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      {error ? <span id={errorId} className="varde-ml-explorer__error-text" role="alert" data-error-for={field}>{error}</span> : null}
    </div>
  );
}

interface KeyValueRowsProps {
  t: WidgetTranslate;
  name: 'labels' | 'parameters';
  rows: KeyValueRow[];
  errors: (string | null)[];
  disabled?: boolean;
  onChange(rows: KeyValueRow[]): void;
}

/** Rows of key / value (labels, parameters) with add and remove. */
export function KeyValueRows({ t, name, rows, errors, disabled, onChange }: KeyValueRowsProps) {
  const set = (index: number, patch: Partial<KeyValueRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="varde-ml-explorer__rows" data-rows={name}>
      {rows.map((row, index) => (
        <div className="varde-ml-explorer__row" key={index} data-row={index}>
          <Field label={t('key')} field={`${name}.${index}.key`} value={row.key} disabled={disabled}
            error={validationText(t, errors[index])} onChange={(key) => set(index, { key })} />
          <Field label={t('value')} field={`${name}.${index}.value`} value={row.value} disabled={disabled} onChange={(value) => set(index, { value })} />
          {disabled ? null : (
            <sl-button size="small" variant="text" data-action={`remove-${name}-${index}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
              {t('removeRow')}
            </sl-button>
          )}
        </div>
      ))}
      {disabled ? null : (
        <sl-button size="small" data-action={`add-${name}`} onClick={() => onChange([...rows, { key: '', value: '' }])}>{t('addRow')}</sl-button>
      )}
    </div>
  );
}

interface TagRowsProps {
  t: WidgetTranslate;
  tags: ModelTag[];
  errors: TagRowError[];
  disabled?: boolean;
  onChange(tags: ModelTag[]): void;
}

/** Rows of controller (a site UUID) / tag. */
export function TagRows({ t, tags, errors, disabled, onChange }: TagRowsProps) {
  const set = (index: number, patch: Partial<ModelTag>) => onChange(tags.map((tag, i) => (i === index ? { ...tag, ...patch } : tag)));
  return (
    <div className="varde-ml-explorer__rows" data-rows="tags">
      {tags.map((tag, index) => (
        <div className="varde-ml-explorer__row" key={index} data-row={index}>
          <Field label={t('controller')} field={`tags.${index}.controller`} value={tag.controller} disabled={disabled}
            error={validationText(t, errors[index]?.controller)} onChange={(controller) => set(index, { controller })} />
          <Field label={t('tag')} field={`tags.${index}.tag`} value={tag.tag} disabled={disabled}
            error={validationText(t, errors[index]?.tag)} onChange={(value) => set(index, { tag: value })} />
          {disabled ? null : (
            <sl-button size="small" variant="text" data-action={`remove-tags-${index}`} onClick={() => onChange(tags.filter((_, i) => i !== index))}>
              {t('removeRow')}
            </sl-button>
          )}
        </div>
      ))}
      {disabled ? null : (
        <sl-button size="small" data-action="add-tags" onClick={() => onChange([...tags, { controller: '', tag: '' }])}>{t('addRow')}</sl-button>
      )}
    </div>
  );
}
