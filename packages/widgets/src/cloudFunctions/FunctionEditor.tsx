import { useEffect, useState } from 'react';
import type { FunctionsEditorState } from '@varde/core';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { formatUpdated } from './FunctionList.js';
import { SourceEditor } from './SourceEditor.js';

export interface FunctionEditorProps {
  state: FunctionsEditorState;
  onDelete(): void;
  onSave(): void;
  t: WidgetTranslate;
  language: string;
}

/**
 * The editor of the selected (or new) function: name (editable only when new), description,
 * version and updated (read only), requirements, and the source, which also opens large.
 */
export function FunctionEditor({ state, onDelete, onSave, t, language }: FunctionEditorProps) {
  const { draft, mode } = state;
  const [large, setLarge] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [plain, setPlain] = useState(false);

  useEffect(() => {
    setConfirming(false);
  }, [state.selectedName, mode]);

  useEffect(() => {
    if (!large) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setLarge(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [large]);

  if (!draft) {
    return <p className="varde-cloud-functions__muted" part="editor-message">{state.loadingDraft ? t('loading') : t('chooseOne')}</p>;
  }
  const isNew = mode === 'new';

  return (
    <form
      className="varde-cloud-functions__editor"
      part="editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <div className="varde-cloud-functions__fields">
        <label className="varde-cloud-functions__field">
          <span>{t('name')}</span>
          <input
            value={draft.name}
            readOnly={!isNew}
            placeholder={isNew ? t('namePlaceholder') : undefined}
            onChange={(event) => state.edit('name', event.target.value)}
            data-field="name"
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label className="varde-cloud-functions__field varde-cloud-functions__field--grow">
          <span>{t('description')}</span>
          <input value={draft.description} onChange={(event) => state.edit('description', event.target.value)} data-field="description" />
        </label>
        <div className="varde-cloud-functions__field varde-cloud-functions__field--narrow">
          <span>{t('version')}</span>
          <output data-field="version">{draft.version ?? '–'}</output>
        </div>
        <div className="varde-cloud-functions__field">
          <span>{t('updated')}</span>
          <output data-field="updated">{draft.updated ? formatUpdated(draft.updated, language) : '–'}</output>
        </div>
      </div>
      <label className="varde-cloud-functions__field">
        <span>{t('requirements')}</span>
        <textarea
          rows={2}
          value={draft.requirements}
          onChange={(event) => state.edit('requirements', event.target.value)}
          data-field="requirements"
          spellCheck={false}
        />
      </label>

      <div className="varde-cloud-functions__source-label">
        <span>{t('source')}</span>
        <button type="button" className="varde-cloud-functions__link" onClick={() => setLarge(true)} data-action="open-large">
          {t('openLarge')}
        </button>
      </div>
      {large ? <div className="varde-cloud-functions__backdrop" onClick={() => setLarge(false)} /> : null}
      <div
        className={`varde-cloud-functions__source${large ? ' varde-cloud-functions__source--large' : ''}`}
        role={large ? 'dialog' : undefined}
        aria-modal={large ? 'true' : undefined}
        aria-label={large ? t('source') : undefined}
        data-large={large ? '' : undefined}
      >
        {large ? (
          <div className="varde-cloud-functions__large-bar">
            <strong>{draft.name || t('source')}</strong>
            <button type="button" className="varde-cloud-functions__link" onClick={() => setLarge(false)} data-action="close-large">
              {t('closeLarge')}
            </button>
          </div>
        ) : null}
        <SourceEditor
          value={draft.source}
          documentKey={`${mode}:${state.selectedName ?? ''}`}
          readOnly={state.saving}
          ariaLabel={t('source')}
          onChange={(value) => state.edit('source', value)}
          onReady={(kind) => setPlain(kind === 'textarea')}
        />
      </div>
      {plain ? <p className="varde-cloud-functions__muted">{t('plainEditor')}</p> : null}

      {state.unsaved ? (
        <p className="varde-cloud-functions__warning" role="status" part="unsaved" data-unsaved>
          {state.selectionBlocked ? t('unsavedBlocked') : t('unsaved')}
        </p>
      ) : null}

      {confirming ? (
        <div className="varde-cloud-functions__confirm" role="alertdialog" aria-label={t('delete')}>
          <span>{t('confirmDelete', { name: draft.name })}</span>
          <sl-button size="small" variant="danger" onClick={() => { setConfirming(false); onDelete(); }} data-action="confirm-delete">
            {t('confirmDeleteYes')}
          </sl-button>
          <sl-button size="small" onClick={() => setConfirming(false)}>{t('cancel')}</sl-button>
        </div>
      ) : null}

      <div className="varde-cloud-functions__buttons" part="buttons">
        <sl-button variant="danger" outline disabled={isNew || state.saving} onClick={() => setConfirming(true)} data-action="delete">
          {t('delete')}
        </sl-button>
        <span className="varde-cloud-functions__spacer" />
        <sl-button onClick={() => state.cancel()} disabled={state.saving} data-action="cancel">
          {t('cancel')}
        </sl-button>
        <sl-button variant="primary" disabled={!state.canSave()} loading={state.saving} onClick={onSave} data-action="save">
          {t('save')}
        </sl-button>
      </div>
    </form>
  );
}
