import { modelDraftErrors, modelStructureEditable, type ModelDraft } from '@varde/core';
import type { AnomalyModel } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { Panel } from './Panel.js';
import { Field, KeyValueRows, TagRows } from './Rows.js';
import { validationText } from './validationText.js';

interface ModelEditorProps {
  t: WidgetTranslate;
  model: AnomalyModel | null;
  draft: ModelDraft;
  changed: boolean;
  busy: boolean;
  onEdit(patch: Partial<ModelDraft>): void;
  onDiscard(): void;
  onSave(): void;
  onDelete(): void;
}

/** Panels details, tags, labels, parameters; tags and parameters only while the model has no versions. */
export function ModelEditor({ t, model, draft, changed, busy, onEdit, onDiscard, onSave, onDelete }: ModelEditorProps) {
  const errors = modelDraftErrors(draft);
  const structure = modelStructureEditable(model);
  return (
    <section className="varde-ml-explorer__editor" aria-label={t('modelEditor')} data-editor="model">
      <header className="varde-ml-explorer__editor-head">
        <h2>{model ? `${t('modelEditor')}: ${model.name}` : t('newModel')}</h2>
      </header>
      <Panel title={t('details')} name="details">
        <Field label={t('name')} field="name" value={draft.name} error={validationText(t, errors.name)} onChange={(name) => onEdit({ name })} />
        <Field label={t('description')} field="description" value={draft.description} multiline onChange={(description) => onEdit({ description })} />
      </Panel>
      <Panel title={t('tags')} name="tags">
        {structure ? null : <p className="varde-ml-explorer__hint">{t('structureLocked')}</p>}
        <TagRows t={t} tags={draft.tags} errors={errors.tags} disabled={!structure} onChange={(tags) => onEdit({ tags })} />
      </Panel>
      <Panel title={t('labels')} name="labels">
        <KeyValueRows t={t} name="labels" rows={draft.labels} errors={errors.labels} onChange={(labels) => onEdit({ labels })} />
      </Panel>
      <Panel title={t('parameters')} name="parameters">
        {structure ? null : <p className="varde-ml-explorer__hint">{t('structureLocked')}</p>}
        <KeyValueRows t={t} name="parameters" rows={draft.parameters} errors={errors.parameters} disabled={!structure}
          onChange={(parameters) => onEdit({ parameters })} />
      </Panel>
      <div className="varde-ml-explorer__actions">
        <sl-button data-action="discard-model" disabled={!changed || busy} onClick={onDiscard}>{t('discard')}</sl-button>
        <sl-button data-action="save-model" variant="primary" disabled={!changed || errors.any || busy} loading={busy} onClick={onSave}>{t('save')}</sl-button>
        {model ? <sl-button data-action="delete-model" variant="danger" outline disabled={busy} onClick={onDelete}>{t('delete')}</sl-button> : null}
      </div>
    </section>
  );
}
