/**
 * MlExplorerWidget: anomaly models and their versions. Left a tree navigator (names split on / into
 * folders, versions beneath each model) with add model / add version / copy version; right the model
 * or version editor, the pending-changes warning and the dialogs. State lives in core's
 * createMlExplorerStore (one per widget); the rules (validation, overwrite check) are core's.
 */
import { useState } from 'react';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { useSessionSnapshot } from '../shared/useSharedSession.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { selectedModel, selectedVersion, type MlSelection } from '@varde/core';
import { useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import { Dialog } from './Dialog.js';
import type { MlSavedDetail, MlSelectDetail, MlTrainingStartedDetail } from './events.js';
import { ModelEditor } from './ModelEditor.js';
import { ModelTree } from './ModelTree.js';
import { loadMlExplorerShoelaceParts } from './shoelace.js';
import { mlExplorerStrings } from './strings.js';
import { mlExplorerStyles } from './styles.js';
import { useExplorerStore } from './useExplorerStore.js';
import { VersionEditor } from './VersionEditor.js';

export interface MlExplorerWidgetProps {
  /** Period of the background refresh in ms (default 30000, the spec's). */
  refreshMs?: number | undefined;
  /** React callers: the same details as the varde-ml-* events. */
  onSelect?: ((detail: MlSelectDetail) => void) | undefined;
  onSaved?: ((detail: MlSavedDetail) => void) | undefined;
  onTrainingStarted?: ((detail: MlTrainingStartedDetail) => void) | undefined;
}

function selectDetail(selection: MlSelection | null): MlSelectDetail {
  if (!selection) return { kind: null, modelId: null, versionId: null };
  if (selection.kind === 'new-model') return { kind: 'new-model', modelId: null, versionId: null };
  return { kind: selection.kind, modelId: selection.modelId, versionId: selection.kind === 'version' ? selection.versionId : null };
}

export function MlExplorerWidget(props: MlExplorerWidgetProps) {
  const { t, language } = useWidgetTranslation(mlExplorerStrings);
  const { rootRef, emit } = useVardeEvents();
  useShoelaceParts(loadMlExplorerShoelaceParts);
  const { store, state, signedIn } = useExplorerStore(props.refreshMs);
  const snapshot = useSessionSnapshot();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const model = selectedModel(state);
  const version = selectedVersion(state);
  const actions = store.getState();

  function select(selection: MlSelection | null): void {
    if (!actions.select(selection)) return;
    const detail = selectDetail(selection);
    emit('varde-ml-select', detail);
    props.onSelect?.(detail);
  }

  /** Save, or answer the overwrite dialog (true = overwrite, false = abort); emits varde-ml-saved when it saved. */
  async function save(overwrite?: boolean): Promise<void> {
    if (overwrite === false) return actions.resolveOverwrite(false);
    if (overwrite) await actions.resolveOverwrite(true);
    else await actions.save();
    const after = store.getState();
    if (after.changed || after.error || after.overwritePrompt || !after.selection || after.selection.kind === 'new-model') return;
    const detail: MlSavedDetail = after.selection.kind === 'version'
      ? { kind: 'version', modelId: after.selection.modelId, versionId: after.selection.versionId }
      : { kind: 'model', modelId: after.selection.modelId, versionId: null };
    emit('varde-ml-saved', detail);
    props.onSaved?.(detail);
  }

  async function train(): Promise<void> {
    if (!version) return;
    await actions.train();
    if (store.getState().error) return;
    const detail = { modelId: version.model_id, versionId: version.version_id };
    emit('varde-ml-training-started', detail);
    props.onTrainingStarted?.(detail);
  }

  let editor = null;
  if (state.versionDraft && model && version) {
    editor = (
      <VersionEditor t={t} model={model} version={version} draft={state.versionDraft} changed={state.changed} busy={state.busy}
        onEdit={actions.editVersion} onRefresh={() => void actions.refreshSelected()} onTrain={() => void train()}
        onDiscard={actions.discard} onSave={() => void save()} onDelete={() => setConfirmDelete(true)} />
    );
  } else if (state.modelDraft) {
    editor = (
      <ModelEditor t={t} model={model} draft={state.modelDraft} changed={state.changed} busy={state.busy}
        onEdit={actions.editModel} onDiscard={actions.discard} onSave={() => void save()} onDelete={() => setConfirmDelete(true)} />
    );
  } else if (state.status === 'ready') {
    editor = <p className="varde-ml-explorer__hint">{t('pickSomething')}</p>;
  }

  // Before any model is read: signed out (a sign-in prompt), or refused / failed (with a retry) instead of an empty explorer.
  const styles = `${mlExplorerStyles}\n${widgetStateStyles}`;
  const retry = () => void actions.load();
  if (snapshot?.state === 'signed-out' || (state.status === 'error' && state.models.length === 0)) {
    return (
      <WidgetRoot styles={styles} className="varde-ml-explorer" rootRef={rootRef} lang={language}>
        {snapshot?.state === 'signed-out' ? (
          <SignedOutPrompt text={t('signedOut')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />
        ) : (
          <ErrorState error={state.loadFailure} missing={t('missing')} onRetry={retry} />
        )}
      </WidgetRoot>
    );
  }

  return (
    <WidgetRoot styles={styles} className="varde-ml-explorer" rootRef={rootRef} lang={language}>
      <div className="varde-ml-explorer__layout">
        <nav className="varde-ml-explorer__nav" aria-label={t('models')}>
          <div className="varde-ml-explorer__toolbar" part="toolbar">
            <sl-button size="small" data-action="add-model" disabled={!signedIn || state.busy} onClick={() => {
              if (actions.newModel()) emit('varde-ml-select', selectDetail({ kind: 'new-model' }));
            }}>{t('addModel')}</sl-button>
            <sl-button size="small" data-action="add-version" disabled={!model || state.changed || state.busy} onClick={() => void actions.addVersion()}>
              {t('addVersion')}
            </sl-button>
            <sl-button size="small" data-action="copy-version" disabled={!version || state.changed || state.busy} onClick={() => void actions.copyVersion()}>
              {t('copyVersion')}
            </sl-button>
          </div>
          {state.status === 'loading' ? <WidgetState kind="loading" text={t('loading')} onRetry={retry} /> : null}
          {state.status === 'ready' && state.models.length === 0 ? <p className="varde-ml-explorer__hint">{t('noModels')}</p> : null}
          <ModelTree models={state.models} selection={state.selection} onSelect={select} />
        </nav>
        <div className="varde-ml-explorer__main">
          {state.changed ? (
            <div className={`varde-ml-explorer__warning${state.navigationBlocked ? ' varde-ml-explorer__warning--blocked' : ''}`} role="alert" part="pending-warning">
              <span>{state.navigationBlocked ? t('pendingBlocked') : t('pending')}</span>
              <sl-button size="small" data-action="warning-discard" onClick={actions.discard}>{t('discard')}</sl-button>
              <sl-button size="small" variant="primary" data-action="warning-save" onClick={() => void save()}>{t('save')}</sl-button>
            </div>
          ) : null}
          {state.error ? (
            <div className="varde-ml-explorer__error" role="alert" part="error">
              <span>{state.error.detail ?? t(state.error.key)}</span>
              <sl-button size="small" variant="text" data-action="dismiss-error" onClick={actions.clearError}>{t('dismiss')}</sl-button>
            </div>
          ) : null}
          {editor}
        </div>
      </div>

      {state.overwritePrompt ? (
        <Dialog name="overwrite" title={t('ml:overwriteTitle')} onCancel={() => void save(false)}
          actions={<>
            <sl-button data-action="overwrite-abort" onClick={() => void save(false)}>{t('ml:abort')}</sl-button>
            <sl-button data-action="overwrite-confirm" variant="danger" onClick={() => void save(true)}>{t('ml:overwrite')}</sl-button>
          </>}>
          <p>{t('ml:overwriteBody')}</p>
        </Dialog>
      ) : null}

      {confirmDelete && (version || model) ? (
        <Dialog name="delete" title={version ? t('confirmDeleteVersion', { name: version.name }) : t('confirmDeleteModel', { name: model!.name })}
          onCancel={() => setConfirmDelete(false)}
          actions={<>
            <sl-button data-action="delete-cancel" onClick={() => setConfirmDelete(false)}>{t('cancel')}</sl-button>
            <sl-button data-action="delete-confirm" variant="danger" onClick={() => {
              setConfirmDelete(false);
              void actions.deleteSelected();
            }}>{t('delete')}</sl-button>
          </>}>
          {!version && model ? (
            model.versions.length > 0 ? (
              <>
                <p>{t('versionsDeleted')}</p>
                <ul data-deleted-versions>{model.versions.map((v) => <li key={v.version_id}>{v.name}</li>)}</ul>
              </>
            ) : <p>{t('noVersionsDeleted')}</p>
          ) : null}
        </Dialog>
      ) : null}
    </WidgetRoot>
  );
}
