import { useState, type FormEvent } from 'react';
import { AUDIT_KINDS, AUDIT_RANGES, EMPTY_FILTERS, type AuditFilterForm, type AuditRange } from './auditQuery.js';
import { useAuditTexts } from './useAuditTexts.js';

/** The filters (who, kind, object, time range): applied together with "Show", cleared with "Clear filters". */
export function AuditFilters({ initial, onApply, busy }: { initial: AuditFilterForm; onApply: (form: AuditFilterForm) => void; busy: boolean }) {
  const t = useAuditTexts();
  const [form, setForm] = useState(initial);
  const set = <K extends keyof AuditFilterForm>(key: K, value: AuditFilterForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  return (
    <form className="audit-filters" onSubmit={submit} aria-label={t('audit:filters')} data-testid="audit-filters">
      <div className="audit-filters__field">
        <label htmlFor="audit-who">{t('audit:who')}</label>
        <input id="audit-who" type="search" value={form.who} onChange={(event) => set('who', event.currentTarget.value)} aria-describedby="audit-who-help" autoComplete="off" />
        <span id="audit-who-help" className="token-form__help">
          {t('audit:whoHelp')}
        </span>
      </div>
      <div className="audit-filters__field">
        <label htmlFor="audit-kind">{t('audit:kind')}</label>
        <select id="audit-kind" value={form.kind} onChange={(event) => set('kind', event.currentTarget.value)}>
          <option value="">{t('audit:anyKind')}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`audit:kind_${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="audit-filters__field">
        <label htmlFor="audit-object">{t('audit:object')}</label>
        <input id="audit-object" type="search" value={form.object} onChange={(event) => set('object', event.currentTarget.value)} autoComplete="off" />
      </div>
      <div className="audit-filters__field">
        <label htmlFor="audit-range">{t('audit:range')}</label>
        <select id="audit-range" value={form.range} onChange={(event) => set('range', event.currentTarget.value as AuditRange)}>
          {AUDIT_RANGES.map((range) => (
            <option key={range} value={range}>
              {t(`audit:range_${range}`)}
            </option>
          ))}
        </select>
      </div>
      {form.range === 'custom' ? (
        <>
          <div className="audit-filters__field">
            <label htmlFor="audit-from">{t('audit:from')}</label>
            <input id="audit-from" type="datetime-local" value={form.from} onChange={(event) => set('from', event.currentTarget.value)} />
          </div>
          <div className="audit-filters__field">
            <label htmlFor="audit-to">{t('audit:to')}</label>
            <input id="audit-to" type="datetime-local" value={form.to} onChange={(event) => set('to', event.currentTarget.value)} />
          </div>
        </>
      ) : null}
      <div className="form-buttons audit-filters__buttons">
        <button type="submit" disabled={busy} data-testid="audit-apply">
          {t('audit:apply')}
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            setForm(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          {t('audit:reset')}
        </button>
      </div>
    </form>
  );
}
