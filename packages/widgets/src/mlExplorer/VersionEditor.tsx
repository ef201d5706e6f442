import { canTrain, versionDraftErrors, type VersionDraft } from '@varde/core';
import type { AnomalyModel, AnomalyVersion } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { Icon } from './icons.js';
import { Panel } from './Panel.js';
import { PerformancePanel } from './PerformancePanel.js';
import { Field, KeyValueRows } from './Rows.js';
import { StatusChip } from './StatusChip.js';
import { validationText } from './validationText.js';

interface VersionEditorProps {
  t: WidgetTranslate;
  model: AnomalyModel;
  version: AnomalyVersion;
  draft: VersionDraft;
  changed: boolean;
  busy: boolean;
  onEdit(patch: Partial<VersionDraft>): void;
  onRefresh(): void;
  onTrain(): void;
  onDiscard(): void;
  onSave(): void;
  onDelete(): void;
}

/** Status chip, refresh, panels details / labels / parameters / performance; train only from CREATED or ERROR. */
export function VersionEditor(props: VersionEditorProps) {
  const { t, model, version, draft, changed, busy } = props;
  const errors = versionDraftErrors(draft);
  const editable = canTrain(version.status);
  return (
    <section className="varde-ml-explorer__editor" aria-label={t('versionEditor')} data-editor="version">
      <header className="varde-ml-explorer__editor-head">
        <h2>{`${t('versionEditor')}: ${model.name} / ${version.name}`}</h2>
        <div className="varde-ml-explorer__status">
          <StatusChip status={version.status} live />
          <sl-button size="small" data-action="refresh-version" onClick={props.onRefresh} aria-label={t('refresh')} title={t('refresh')}>
            <Icon name="arrow-clockwise" />
          </sl-button>
        </div>
      </header>
      {version.status === 'VERSION_STATUS_ERROR' && version.status_message ? (
        <p className="varde-ml-explorer__reason" data-status-message>{t('reason', { message: version.status_message })}</p>
      ) : null}
      <Panel title={t('details')} name="details">
        <Field label={t('name')} field="name" value={draft.name} error={validationText(t, errors.name)} onChange={(name) => props.onEdit({ name })} />
        <Field label={t('description')} field="description" value={draft.description} multiline onChange={(description) => props.onEdit({ description })} />
      </Panel>
      <Panel title={t('labels')} name="labels">
        <KeyValueRows t={t} name="labels" rows={draft.labels} errors={errors.labels} onChange={(labels) => props.onEdit({ labels })} />
      </Panel>
      <Panel title={t('parameters')} name="parameters">
        {editable ? null : <p className="varde-ml-explorer__hint">{t('parametersLocked')}</p>}
        <KeyValueRows t={t} name="parameters" rows={draft.parameters} errors={errors.parameters} disabled={!editable}
          onChange={(parameters) => props.onEdit({ parameters })} />
      </Panel>
      <Panel title={t('performance')} name="performance">
        <PerformancePanel t={t} version={version} />
      </Panel>
      <div className="varde-ml-explorer__actions">
        <sl-button data-action="train" variant="success" disabled={!editable || changed || busy} title={t('trainHint')} onClick={props.onTrain}>
          {t('train')}
        </sl-button>
        <sl-button data-action="discard-version" disabled={!changed || busy} onClick={props.onDiscard}>{t('discard')}</sl-button>
        <sl-button data-action="save-version" variant="primary" disabled={!changed || errors.any || busy} loading={busy} onClick={props.onSave}>{t('save')}</sl-button>
        <sl-button data-action="delete-version" variant="danger" outline disabled={busy} onClick={props.onDelete}>{t('delete')}</sl-button>
      </div>
    </section>
  );
}
