/**
 * The Administrer tab: the building list, the 3D and 2D viewers, the node editors with "add to
 * list" and "save all", and the connections table (edit, remove with confirmation).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BimMapperState, BimServiceConfig, HttpClient } from '@varde/core';
import type { Site } from '@varde/core/contract';
import '../shared/shoelaceElements.js';
import { useColorScheme } from '../shared/shoelace.js';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { BuildingList } from './BuildingList.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ConnectionsTable } from './ConnectionsTable.js';
import { NodeEditors } from './NodeEditors.js';
import { useBimViewers } from './useBimViewers.js';
import { ViewerPanel } from './ViewerPanel.js';
import type { ViewerFactoryLoader, ViewerKind } from './viewerLoader.js';
import type { PickedObject } from './viewer/viewerTypes.js';

export interface AdminTabProps {
  state: BimMapperState;
  http: HttpClient | null;
  config: BimServiceConfig | null;
  sites: Site[];
  loadFactory: ViewerFactoryLoader;
  t: WidgetTranslate;
  onPick: (object: PickedObject, kind: ViewerKind) => void;
  onSaved: () => void;
}

type Question = { kind: 'remove'; uuid: string } | { kind: 'switch'; building: string };

export function AdminTab({ state, http, config, sites, loadFactory, t, onPick, onSaved }: AdminTabProps) {
  const viewer3d = useRef<HTMLDivElement>(null);
  const viewer2d = useRef<HTMLDivElement>(null);
  const containers = useMemo(() => ({ viewer3d, viewer2d }), []);
  const look = { dark: useColorScheme() === 'dark', storeyLabel: t('storey') };
  const viewers = useBimViewers({ http, config, containers, look, loadFactory, onPick });
  const [notFound, setNotFound] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);

  // Editing a row (or a pick) highlights its object in both viewers.
  const guid = state.modelNode?.['BIM GUID'] ?? null;
  const { highlight } = viewers;
  useEffect(() => highlight(guid && guid.trim() !== '' ? guid.trim() : null), [guid, highlight]);

  function selectBuilding(name: string) {
    if (name === state.building) return;
    if (state.needsLeaveConfirm()) setQuestion({ kind: 'switch', building: name });
    else void state.selectBuilding(name);
  }

  function edit(uuid: string) {
    state.editConnection(uuid);
    const row = state.connections.find((connection) => connection.edge.uuid === uuid);
    const rowGuid = row?.edge.from_node.obj.type === 'bim' ? row.edge.from_node.obj['BIM GUID'] : null;
    // Zooms where a viewer is up; with none (no WebGL, no project) there is nothing to say.
    const viewerUp = viewers.slots.viewer3d.status === 'ready' || viewers.slots.viewer2d.status === 'ready';
    if (rowGuid && viewerUp && !viewers.zoomTo(rowGuid)) setNotFound(true);
  }

  async function answer(yes: boolean) {
    const asked = question;
    if (!asked) return;
    if (!yes) {
      setQuestion(null);
      return;
    }
    if (asked.kind === 'switch') {
      setQuestion(null);
      void state.selectBuilding(asked.building);
      return;
    }
    setBusy(true);
    await state.remove(asked.uuid);
    setBusy(false);
    setQuestion(null);
  }

  async function saveAll() {
    if (await state.saveAll()) onSaved();
  }

  const editingSaved = state.editing !== null;
  return (
    <div className="varde-bim-mapper__admin">
      <BuildingList buildings={state.buildings} status={state.buildingsStatus} selected={state.building} t={t} onSelect={selectBuilding} />
      <div className="varde-bim-mapper__main">
        {notFound ? (
          <div className="varde-bim-mapper__alert" role="alert" data-alert="object-not-found">
            <span>{t('bim:objectNotFound')}</span>
            <button type="button" className="varde-bim-mapper__dismiss" aria-label={t('dismiss')} onClick={() => setNotFound(false)}>
              ×
            </button>
          </div>
        ) : null}
        <ViewerPanel viewers={viewers} containers={containers} configured={config !== null} t={t} onNotFound={() => setNotFound(true)} />
        {state.error ? (
          <div className="varde-bim-mapper__error" role="alert" data-error>
            <div>
              <strong>{t('errorTitle')}</strong>
              <p data-error-detail>{state.error}</p>
            </div>
            <button type="button" className="varde-bim-mapper__dismiss" aria-label={t('dismiss')} onClick={() => state.dismissError()}>
              ×
            </button>
          </div>
        ) : null}
        {state.building === null ? (
          <p className="varde-bim-mapper__muted" data-choose-building>{t('chooseBuilding')}</p>
        ) : (
          <>
            <NodeEditors
              modelNode={state.modelNode}
              tagNode={state.tagNode}
              building={state.building}
              guidLocked={state.guidLocked()}
              sites={sites}
              t={t}
              onModelChange={(patch) => state.editModelNode(patch)}
              onTagChange={(patch) => state.editTagNode(patch)}
            />
            <div className="varde-bim-mapper__buttons" part="buttons">
              <sl-button variant="primary" disabled={!state.canAdd()} data-action="add-pair" onClick={() => state.addPair()}>
                {editingSaved ? t('updateInList') : t('addToList')}
              </sl-button>
              <sl-button data-action="clear-nodes" onClick={() => state.clearNodes()}>
                {t('clear')}
              </sl-button>
              <span className="varde-bim-mapper__spacer" />
              {state.unsaved ? (
                <span className="varde-bim-mapper__unsaved" data-unsaved part="unsaved">
                  {t('unsaved')}
                </span>
              ) : null}
              <sl-button variant="success" loading={state.saving} data-action="save-all" onClick={() => void saveAll()}>
                {t('saveAll')}
              </sl-button>
            </div>
            {!state.canAdd() ? <p className="varde-bim-mapper__hint">{t('addNeedsBoth')}</p> : null}
            <h2 className="varde-bim-mapper__heading">
              {t('connections')} — {state.building}
            </h2>
            {state.edgesStatus === 'loading' ? (
              <p className="varde-bim-mapper__muted">{t('loading')}</p>
            ) : (
              <ConnectionsTable
                connections={state.connections}
                sites={sites}
                editing={state.editing}
                t={t}
                onEdit={edit}
                onRemove={(uuid) => setQuestion({ kind: 'remove', uuid })}
              />
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={question?.kind === 'remove'}
        name="remove"
        message={t('bim:confirmDeleteConnection')}
        confirmLabel={t('yes')}
        cancelLabel={t('cancel')}
        busy={busy}
        onConfirm={() => void answer(true)}
        onCancel={() => void answer(false)}
      />
      <ConfirmDialog
        open={question?.kind === 'switch'}
        name="leave"
        message={t('bim:confirmLeaveUnsaved')}
        confirmLabel={t('leave')}
        cancelLabel={t('stay')}
        onConfirm={() => void answer(true)}
        onCancel={() => void answer(false)}
      />
    </div>
  );
}
