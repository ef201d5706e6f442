import { useState, type FormEvent } from 'react';
import { mappingFields, mappingWrite, type Mapping, type MappingFields } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface MappingDetailsProps {
  mapping: Mapping;
  busy: boolean;
  onSave(fields: MappingFields): void;
  t: WidgetTranslate;
}

/** The UI's languages always get a field; a mapping may hold texts in more (they are kept and shown too). */
const LANGUAGES = ['no', 'en', 'sv'];
const RATINGS = ['comfort', 'energy', 'operation'] as const;

function languagesOf(fields: MappingFields): string[] {
  return [...new Set([...LANGUAGES, ...Object.keys(fields.cause), ...Object.keys(fields.consequence)])];
}

/** Empty texts are left out: a language without a text is simply absent in the cloud. */
function withoutEmpty(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
}

/**
 * A mapping's own fields, as the vendor's library reads them: title, description, level, ratings,
 * cause and consequence per language, and the Cypher query. Collapsed by default; Save is offered
 * once something changed, and the form is checked with the contract's schema before it is sent.
 */
export function MappingDetails(props: MappingDetailsProps) {
  // Kept here, outside the re-keyed form, so the section stays open through a save and its reload.
  const [open, setOpen] = useState(false);
  return (
    <details className="varde-cloud-apps__details" part="mapping-details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary data-action="toggle-details">{props.t('aboutMapping')}</summary>
      {/* Re-keyed on the mapping as stored, so a reload after saving shows what the cloud holds. */}
      <MappingDetailsForm key={JSON.stringify(props.mapping)} {...props} />
    </details>
  );
}

function MappingDetailsForm({ mapping, busy, onSave, t }: MappingDetailsProps) {
  const stored = mappingFields(mapping);
  const [draft, setDraft] = useState(stored);
  const [problem, setProblem] = useState<string | null>(null);
  const changed = JSON.stringify(draft) !== JSON.stringify(stored);
  const edit = (patch: Partial<MappingFields>) => {
    setDraft({ ...draft, ...patch });
    setProblem(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = mappingWrite.safeParse({ ...draft, cause: withoutEmpty(draft.cause), consequence: withoutEmpty(draft.consequence) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(`${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    onSave(parsed.data);
  }

  const textArea = (kind: 'cause' | 'consequence', language: string) => (
    <label key={`${kind}-${language}`} className="varde-cloud-apps__field">
      <span>{t(kind)} ({language})</span>
      <textarea
        rows={2}
        value={draft[kind][language] ?? ''}
        disabled={busy}
        data-field={`${kind}-${language}`}
        onChange={(event) => edit({ [kind]: { ...draft[kind], [language]: event.target.value } })}
      />
    </label>
  );

  return (
    <form className="varde-cloud-apps__form" onSubmit={submit} noValidate>
      <label className="varde-cloud-apps__field">
        <span>{t('title')}</span>
        <input value={draft.title} disabled={busy} data-field="mapping-title" onChange={(event) => edit({ title: event.target.value })} />
      </label>
      <label className="varde-cloud-apps__field">
        <span>{t('level')}</span>
        <input value={draft.level} disabled={busy} data-field="level" onChange={(event) => edit({ level: event.target.value })} />
      </label>
      <label className="varde-cloud-apps__field varde-cloud-apps__field--wide">
        <span>{t('description')}</span>
        <textarea rows={2} value={draft.description} disabled={busy} data-field="description" onChange={(event) => edit({ description: event.target.value })} />
      </label>
      <fieldset className="varde-cloud-apps__ratings varde-cloud-apps__field--wide">
        <legend>{t('ratings')}</legend>
        {RATINGS.map((rating) => (
          <label key={rating} className="varde-cloud-apps__field">
            <span>{t(rating)}</span>
            <input
              type="number"
              min={0}
              max={5}
              step={1}
              value={draft.ratings[rating]}
              disabled={busy}
              data-field={`rating-${rating}`}
              onChange={(event) => edit({ ratings: { ...draft.ratings, [rating]: event.target.valueAsNumber } })}
            />
          </label>
        ))}
      </fieldset>
      {languagesOf(draft).map((language) => textArea('cause', language))}
      {languagesOf(draft).map((language) => textArea('consequence', language))}
      <label className="varde-cloud-apps__field varde-cloud-apps__field--wide">
        <span>{t('cypherQuery')}</span>
        <textarea
          rows={3}
          className="varde-cloud-apps__code"
          spellCheck={false}
          value={draft.cypher_query ?? ''}
          disabled={busy}
          data-field="cypher-query"
          onChange={(event) => edit({ cypher_query: event.target.value })}
        />
      </label>
      {problem ? (
        <p className="varde-cloud-apps__problem varde-cloud-apps__field--wide" role="alert" data-form-problem>
          {problem}
        </p>
      ) : null}
      <div className="varde-cloud-apps__form-actions varde-cloud-apps__field--wide">
        <sl-button type="submit" variant="primary" size="small" disabled={!changed || busy} data-action="save-mapping">
          {t('save')}
        </sl-button>
        <sl-button size="small" disabled={!changed || busy} data-action="reset-mapping" onClick={() => setDraft(stored)}>
          {t('reset')}
        </sl-button>
      </div>
    </form>
  );
}
