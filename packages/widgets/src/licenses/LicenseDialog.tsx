/**
 * The full-screen add / edit / renew dialog. The form is built from the chosen licence type: its
 * required fields (inputLabel, tempInputKey, tempInputType) checked by type with core's rules, the
 * expiry from its one duration or its options, and the time zone kept in metadata.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  checkLicenseField,
  DEFAULT_LICENSE_TIME_ZONE,
  expirationChoices,
  FIELD_REQUIRED,
  optionLabel,
  optionValue,
  type GenerateLicenseRequest,
  type LicenseRequiredField,
  type LicenseType,
  type StoredLicense,
} from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { durationLabel } from './strings.js';
import '../shared/shoelaceElements.js';

export type DialogMode = { mode: 'add'; partner: string } | { mode: 'edit' | 'renew'; license: StoredLicense };

export interface LicenseDialogProps {
  dialog: DialogMode;
  types: LicenseType[];
  busy: boolean;
  t: WidgetTranslate;
  language: string;
  onCancel: () => void;
  onSubmit: (request: GenerateLicenseRequest) => void;
}

const BASE_FIELDS = ['name', 'issuedTo', 'administrator', 'hardwareId'] as const;

function timeZones(current: string): string[] {
  const zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([current, DEFAULT_LICENSE_TIME_ZONE, 'UTC', ...zones])].sort();
}

function FieldInput(props: { field: LicenseRequiredField; value: string; error?: string; onChange: (value: string) => void; t: WidgetTranslate }) {
  const { field, value, error, onChange } = props;
  const id = useId();
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'data-field': field.tempInputKey,
  };
  let control;
  if (field.tempInputType === 'select' || field.tempInputType === 'htmlOptions') {
    control = (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        <option value="">—</option>
        {(field.htmlOptions ?? []).map((option) => (
          <option key={optionValue(option)} value={optionValue(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    );
  } else {
    const inputMode = field.tempInputType === 'integer' ? 'numeric' : undefined;
    control = <input {...common} type="text" inputMode={inputMode} spellCheck={false} onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <div className="varde-licenses__field">
      <label htmlFor={id}>{field.inputLabel}</label>
      {control}
      {error ? (
        <span id={`${id}-error`} className="varde-licenses__error" role="alert">
          {error === FIELD_REQUIRED ? props.t('required') : error}
        </span>
      ) : null}
    </div>
  );
}

export function LicenseDialog({ dialog, types, busy, t, language, onCancel, onSubmit }: LicenseDialogProps) {
  const existing = dialog.mode === 'add' ? undefined : dialog.license;
  const [typeId, setTypeId] = useState(existing?.licenseInfo.type ?? (types.length === 1 ? types[0]!.id : ''));
  const [values, setValues] = useState<Record<string, string>>(() => {
    const info = (existing?.licenseInfo ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(info).filter(([, value]) => typeof value !== 'object').map(([key, value]) => [key, String(value)]));
  });
  const [timeZone, setTimeZone] = useState(existing?.metadata.timeZone ?? DEFAULT_LICENSE_TIME_ZONE);
  const type = types.find((item) => item.id === typeId);
  const choices = type ? expirationChoices(type) : [];
  const [expiration, setExpiration] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const zones = useMemo(() => timeZones(timeZone), [timeZone]);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => setExpiration((current) => (choices.includes(current) ? current : (choices[0] ?? ''))), [typeId]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (key: string) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const errors: Record<string, string> = {};
  if (dialog.mode !== 'renew') {
    if (!type) errors.type = FIELD_REQUIRED;
    for (const key of BASE_FIELDS) if (!(values[key] ?? '').trim()) errors[key] = FIELD_REQUIRED;
    for (const field of type?.requiredFields ?? []) {
      const result = checkLicenseField(field, values[field.tempInputKey]);
      if (!result.ok) errors[field.tempInputKey] = result.error;
    }
  }
  if (dialog.mode !== 'edit' && !expiration) errors.expiration = FIELD_REQUIRED;
  const shown = (key: string) => (submitted ? errors[key] : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !type || busy) return;
    const own = Object.fromEntries(
      type.requiredFields.map((field) => {
        const result = checkLicenseField(field, values[field.tempInputKey]);
        return [field.tempInputKey, result.ok ? result.value : ''];
      }),
    );
    const partner = dialog.mode === 'add' ? dialog.partner : dialog.license.licenseInfo.partner;
    const info: GenerateLicenseRequest['licenseInfo'] = {
      ...own,
      name: values.name!.trim(), issuedTo: values.issuedTo!.trim(), administrator: values.administrator!.trim(),
      hardwareId: values.hardwareId!.trim(), partner, type: type.id,
    };
    if (existing) {
      info.base = existing.licenseInfo.base;
      info.locked = existing.licenseInfo.locked;
      if (dialog.mode === 'edit') info.id = existing.licenseInfo.id;
      else info.previousLicenseID = existing.licenseInfo.id;
    }
    onSubmit({ licenseInfo: info, metadata: { timeZone }, ...(dialog.mode === 'edit' ? {} : { expiration }) });
  }

  const title = dialog.mode === 'add' ? t('addTitle') : dialog.mode === 'edit' ? t('editTitle') : t('renewTitle');
  const baseInput = (key: (typeof BASE_FIELDS)[number], label: string, inputType = 'text') => (
    <div className="varde-licenses__field">
      <label htmlFor={`${ids}-${key}`}>{label}</label>
      <input
        id={`${ids}-${key}`}
        type={inputType}
        value={values[key] ?? ''}
        data-field={key}
        aria-invalid={shown(key) ? true : undefined}
        onChange={(event) => set(key)(event.target.value)}
      />
      {shown(key) ? <span className="varde-licenses__error" role="alert">{t('required')}</span> : null}
    </div>
  );

  return (
    <div className="varde-licenses__overlay" part="dialog-overlay">
      <form
        className="varde-licenses__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        part="dialog"
        data-testid="license-dialog"
        noValidate
        onSubmit={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !busy) onCancel();
        }}
      >
        <header className="varde-licenses__dialog-header">
          <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <button type="button" className="varde-licenses__close" aria-label={t('close')} onClick={onCancel} disabled={busy}>
            ×
          </button>
        </header>
        <div className="varde-licenses__dialog-body">
          {dialog.mode === 'renew' ? (
            <p className="varde-licenses__note">{t('renewNote', { name: existing!.licenseInfo.name })}</p>
          ) : (
            <>
              {dialog.mode === 'edit' ? <p className="varde-licenses__note">{t('editNote')}</p> : null}
              <div className="varde-licenses__field">
                <label htmlFor={`${ids}-type`}>{t('type')}</label>
                <select id={`${ids}-type`} value={typeId} data-field="type" disabled={dialog.mode === 'edit'} onChange={(event) => setTypeId(event.target.value)}>
                  <option value="">{t('chooseType')}</option>
                  {types.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
                {shown('type') ? <span className="varde-licenses__error" role="alert">{t('required')}</span> : null}
                {type?.description ? <span className="varde-licenses__hint">{type.description}</span> : null}
              </div>
              {baseInput('name', t('name'))}
              {baseInput('issuedTo', t('issuedTo'))}
              {baseInput('administrator', t('administrator'), 'email')}
              {baseInput('hardwareId', t('hardwareId'))}
              {(type?.requiredFields ?? []).map((field) => (
                <FieldInput
                  key={field.tempInputKey}
                  field={field}
                  value={values[field.tempInputKey] ?? ''}
                  {...(shown(field.tempInputKey) ? { error: shown(field.tempInputKey)! } : {})}
                  onChange={set(field.tempInputKey)}
                  t={t}
                />
              ))}
            </>
          )}
          {dialog.mode !== 'edit' && type ? (
            <div className="varde-licenses__field">
              <label htmlFor={`${ids}-expiration`}>{t('expiration')}</label>
              <select id={`${ids}-expiration`} value={expiration} data-field="expiration" disabled={choices.length < 2} onChange={(event) => setExpiration(event.target.value)}>
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {durationLabel(choice, language)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {dialog.mode !== 'renew' ? (
            <div className="varde-licenses__field">
              <label htmlFor={`${ids}-zone`}>{t('timeZone')}</label>
              <select id={`${ids}-zone`} value={timeZone} data-field="timeZone" onChange={(event) => setTimeZone(event.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <footer className="varde-licenses__dialog-footer">
          <sl-button part="cancel-button" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </sl-button>
          <sl-button variant="primary" part="save-button" loading={busy} onClick={(event) => submit(event as unknown as FormEvent)}>
            {dialog.mode === 'add' ? t('generate') : dialog.mode === 'renew' ? t('renew') : t('save')}
          </sl-button>
        </footer>
      </form>
    </div>
  );
}
