/**
 * BimMapperWidget (<varde-bim-mapper>): links objects of a building model (BIM GUIDs) to controller
 * tags. Two tabs: Administrer (buildings, 3D and 2D viewers, node editors, connections) and Import
 * (CSV). State lives in core's bim mapper and bim import stores; the viewers are loaded lazily.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { bimServiceConfigFor, createBimImportStore, createBimMapperStore, listAllSites, type BimServiceConfig } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import '../shared/shoelaceElements.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import { AdminTab } from './AdminTab.js';
import type { BimUnsavedDetail } from './events.js';
import { ImportTab } from './ImportTab.js';
import { loadBimMapperShoelaceParts } from './shoelace.js';
import './shoelaceTags.js';
import { bimMapperStrings } from './strings.js';
import { bimMapperStyles } from './styles.js';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { useStoreState } from '../shared/useStoreState.js';
import { loadBimViewerFactory, type ViewerFactoryLoader } from './viewerLoader.js';
import './events.js';

export interface BimMapperWidgetProps {
  /** The BIM project and client for viewer tokens; default: the reference cloud's demo client in local mode. */
  bimConfig?: BimServiceConfig | null | undefined;
  /** Selects this building on start. */
  building?: string | undefined;
  /** Where the viewers come from (default: the lazy local viewers); for hosts that bring their own. */
  viewerFactory?: ViewerFactoryLoader | undefined;
  /** React callers: the unsaved state changed (the element emits varde-bim-unsaved-change). */
  onUnsavedChange?: ((detail: BimUnsavedDetail) => void) | undefined;
}

export function BimMapperWidget({ bimConfig, building, viewerFactory, onUnsavedChange }: BimMapperWidgetProps) {
  const { t, language } = useWidgetTranslation(bimMapperStrings);
  const { rootRef, emit } = useVardeEvents();
  useShoelaceParts(loadBimMapperShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';
  const http = session?.http ?? null;
  const [sites, setSites] = useState<Site[]>([]);

  const mapper = useMemo(() => (session ? createBimMapperStore({ http: () => session.http }) : null), [session]);
  const importer = useMemo(() => (session ? createBimImportStore({ http: () => session.http }) : null), [session]);
  const mapperState = useStoreState(mapper);
  const importState = useStoreState(importer);
  const config = useMemo(
    () => (session ? bimServiceConfigFor(session.settings, bimConfig) : null),
    [session, bimConfig?.projectId], // eslint-disable-line react-hooks/exhaustive-deps
  );

  useEffect(() => {
    if (!mapper || !session || !signedIn) return;
    void mapper.getState().loadBuildings();
    if (building && mapper.getState().building === null) void mapper.getState().selectBuilding(building);
  }, [mapper, session, signedIn, snapshot?.tokensVersion, building]);

  // The sites for the tag node; a retry reads them again too.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!session || !signedIn) return;
    let stale = false;
    listAllSites(session.http)
      .then((list) => !stale && setSites(list))
      .catch((error: unknown) => console.warn('varde-bim-mapper: the site list could not be loaded', error));
    return () => {
      stale = true;
    };
  }, [session, signedIn, snapshot?.tokensVersion, attempt]);

  // The unsaved state, for the page: an event (and the React callback) on change, and the browser's
  // own question when the tab is closed or reloaded meanwhile.
  const unsaved = mapperState?.unsaved ?? false;
  const leaveNeedsConfirm = mapperState?.needsLeaveConfirm() ?? false;
  const reported = useRef({ unsaved: false, leaveNeedsConfirm: false });
  const unsavedCallback = useRef(onUnsavedChange);
  unsavedCallback.current = onUnsavedChange;
  useEffect(() => {
    const before = reported.current;
    if (before.unsaved === unsaved && before.leaveNeedsConfirm === leaveNeedsConfirm) return;
    const detail = { unsaved, leaveNeedsConfirm };
    reported.current = detail;
    emit('varde-bim-unsaved-change', detail);
    unsavedCallback.current?.(detail);
  }, [unsaved, leaveNeedsConfirm, emit]);
  useEffect(() => {
    if (!leaveNeedsConfirm) return;
    const guard = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set to ask
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [leaveNeedsConfirm]);

  // A retry shows loading again (with its limit), then the tabs or the failure.
  const retry = () => {
    if (!mapper) return;
    mapper.setState({ buildingsStatus: 'loading' });
    void mapper.getState().loadBuildings();
    // The building the page asked for failed with the rest: its connections are read again too.
    const chosen = mapper.getState().building;
    if (chosen !== null && mapper.getState().edgesStatus !== 'ready') void mapper.getState().selectBuilding(chosen);
    setAttempt((value) => value + 1);
  };
  // Until the buildings are first read there is nothing to map: the shared states, not the tabs (a
  // later reload, e.g. after an import, keeps the tabs and says a failure in the error box).
  const everRead = useRef(false);
  if (mapperState?.buildingsStatus === 'ready') everRead.current = true;
  const unread = mapperState !== null && !everRead.current;

  function savedFromAdmin() {
    const state = mapper?.getState();
    emit('varde-bim-saved', { building: state?.building ?? null, connections: state?.connections.length ?? 0 });
  }

  function savedFromImport() {
    void mapper?.getState().loadBuildings();
    const state = mapper?.getState();
    if (state?.building) void state.selectBuilding(state.building);
    emit('varde-bim-saved', { building: state?.building ?? null, connections: importer?.getState().edges.length ?? 0 });
  }

  return (
    <WidgetRoot styles={`${bimMapperStyles}\n${widgetStateStyles}`} className="varde-bim-mapper" rootRef={rootRef} lang={language}>
      {snapshot?.state === 'signed-out' ? (
        <SignedOutPrompt text={t('signedOut')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />
      ) : !mapperState || !importState || !signedIn || (unread && (mapperState.buildingsStatus === 'idle' || mapperState.buildingsStatus === 'loading')) ? (
        <WidgetState kind="loading" text={t('loading')} onRetry={retry} />
      ) : unread && mapperState.buildingsStatus === 'error' ? (
        <ErrorState error={mapperState.buildingsFailure} missing={t('missing')} onRetry={retry} />
      ) : (
        <sl-tab-group className="varde-bim-mapper__tabs" part="tabs">
          <sl-tab slot="nav" panel="admin" data-tab="admin">
            {t('tabAdmin')}
          </sl-tab>
          <sl-tab slot="nav" panel="import" data-tab="import">
            {t('tabImport')}
          </sl-tab>
          <sl-tab-panel name="admin" data-panel="admin">
            <AdminTab
              state={mapperState}
              http={http}
              config={config}
              sites={sites}
              loadFactory={viewerFactory ?? loadBimViewerFactory}
              t={t}
              onPick={(object, kind) => {
                mapper?.getState().pick(object);
                emit('varde-bim-pick', { globalId: object.globalId, name: object.name, viewer: kind });
              }}
              onSaved={savedFromAdmin}
            />
          </sl-tab-panel>
          <sl-tab-panel name="import" data-panel="import">
            <ImportTab state={importState} t={t} onSaved={savedFromImport} />
          </sl-tab-panel>
        </sl-tab-group>
      )}
    </WidgetRoot>
  );
}
