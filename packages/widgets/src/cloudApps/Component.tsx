/**
 * CloudAppsWidget (<varde-cloud-apps>): mappings (their fields editable), the chosen mapping's tables
 * (single selection, title edited in place, copy, delete, new) and the selected table's active switch,
 * tag mappings (controller-id and tag edited in place, Enter confirms, values trimmed) and settings. Every write shows a busy
 * dialog and is followed by a 2 s wait and a reload (core's cloud apps store).
 */
import { useEffect, useMemo } from 'react';
import { createCloudAppsStore, type CloudAppsOptions } from '@varde/core';
import { useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import '../shared/shoelaceElements.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { useStoreState } from '../shared/useStoreState.js';
import type { MappingTableChangeDetail } from './events.js';
import { loadCloudAppsShoelaceParts } from './shoelace.js';
import { cloudAppsStrings } from './strings.js';
import { cloudAppsStyles } from './styles.js';
import { MappingDetails } from './MappingDetails.js';
import { TableList } from './TableList.js';
import { TagMappingTable } from './TagMappingTable.js';
import './events.js';

export interface CloudAppsWidgetProps {
  /** The wait after a write before reloading, in ms (spec: 2000). */
  reloadDelayMs?: number | undefined;
  /** Mapping uuid to open first. */
  mapping?: string | undefined;
}

export function CloudAppsWidget({ reloadDelayMs, mapping: initialMapping }: CloudAppsWidgetProps) {
  const { t, language } = useWidgetTranslation(cloudAppsStrings);
  const { rootRef, emit } = useVardeEvents();
  useShoelaceParts(loadCloudAppsShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';

  const store = useMemo(() => {
    if (!session) return null;
    const options: CloudAppsOptions = { http: () => session.http };
    if (reloadDelayMs !== undefined) options.reloadDelayMs = reloadDelayMs;
    return createCloudAppsStore(options);
  }, [session, reloadDelayMs]);
  const state = useStoreState(store);

  useEffect(() => {
    if (!store || !signedIn) return;
    void store.getState().loadMappings().then(() => {
      const { mappings, selectedMappingUuid } = store.getState();
      const first = initialMapping && mappings.some((m) => m.uuid === initialMapping) ? initialMapping : null;
      if (first && !selectedMappingUuid) void store.getState().selectMapping(first);
    });
  }, [store, signedIn, initialMapping]);

  // Before the mappings are read: signed out, loading (with its limit), or refused / failed (with a retry).
  const retry = () => void store?.getState().loadMappings();
  const styles = `${cloudAppsStyles}\n${widgetStateStyles}`;
  let notice = null;
  if (snapshot?.state === 'signed-out') notice = <SignedOutPrompt text={t('signedOut')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />;
  else if (!state || !signedIn || (state.mappings.length === 0 && (state.mappingsStatus === 'idle' || state.mappingsStatus === 'loading'))) notice = <WidgetState kind="loading" text={t('loading')} onRetry={retry} />;
  else if (state.mappingsStatus === 'error' && state.mappings.length === 0) notice = <ErrorState error={state.mappingsFailure} missing={t('missing')} onRetry={retry} />;
  if (notice || !state) {
    return (
      <WidgetRoot styles={styles} className="varde-cloud-apps" rootRef={rootRef} lang={language}>
        {notice}
      </WidgetRoot>
    );
  }

  const mapping = state.mappings.find((item) => item.uuid === state.selectedMappingUuid) ?? null;
  const table = state.tables.find((item) => item.uuid === state.selectedTableUuid) ?? null;
  const changed = (ok: boolean, change: MappingTableChangeDetail['change'], tableUuid: string | null) => {
    if (ok && mapping) emit('varde-mapping-table-change', { mappingUuid: mapping.uuid, tableUuid, change });
  };

  return (
    <WidgetRoot styles={styles} className="varde-cloud-apps" rootRef={rootRef} lang={language}>
      {state.error ? (
        <div className="varde-cloud-apps__error" role="alert" part="error">
          <div>
            <strong>{t('errorTitle')}</strong>
            <p data-error-detail>{state.error}</p>
          </div>
          <button type="button" className="varde-cloud-apps__dismiss" onClick={() => state.dismissError()} aria-label={t('dismiss')} data-action="dismiss-error">
            ×
          </button>
        </div>
      ) : null}
      <div className="varde-cloud-apps__layout">
        <nav className="varde-cloud-apps__mappings" aria-label={t('mappings')} part="mappings">
          <h2 className="varde-cloud-apps__heading">{t('mappings')}</h2>
          {state.mappings.length === 0 ? (
            <p className="varde-cloud-apps__muted">{state.mappingsStatus === 'ready' ? t('noMappings') : t('loading')}</p>
          ) : (
            <ul className="varde-cloud-apps__mapping-list">
              {state.mappings.map((item) => (
                <li key={item.uuid}>
                  <button
                    type="button"
                    className="varde-cloud-apps__mapping"
                    aria-current={item.uuid === state.selectedMappingUuid ? 'true' : undefined}
                    data-mapping={item.uuid}
                    disabled={state.busy}
                    onClick={() => void state.selectMapping(item.uuid)}
                  >
                    <span className="varde-cloud-apps__mapping-title">{item.title}</span>
                    <span className="varde-cloud-apps__muted-small">{item.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="varde-cloud-apps__content">
          {!mapping ? (
            <p className="varde-cloud-apps__muted">{t('chooseMapping')}</p>
          ) : (
            <>
              <MappingDetails
                mapping={mapping}
                busy={state.busy}
                onSave={(fields) => void state.saveMapping(fields).then((ok) => changed(ok, 'mapping', null))}
                t={t}
              />
              <section className="varde-cloud-apps__table-list" aria-label={t('tables')}>
                <div className="varde-cloud-apps__bar">
                  <h2 className="varde-cloud-apps__heading">{t('tables')}: {mapping.title}</h2>
                  <sl-button
                    size="small"
                    variant="primary"
                    disabled={state.busy}
                    onClick={() => void state.newTable(t('newTableTitle')).then((ok) => changed(ok, 'created', store?.getState().selectedTableUuid ?? null))}
                    data-action="new-table"
                  >
                    {t('newTable')}
                  </sl-button>
                </div>
                {state.tables.length === 0 ? (
                  <p className="varde-cloud-apps__muted">{state.tablesStatus === 'loading' ? t('loading') : t('noTables')}</p>
                ) : (
                  <TableList
                    tables={state.tables}
                    selectedUuid={state.selectedTableUuid}
                    busy={state.busy}
                    onSelect={(uuid) => state.selectTable(uuid)}
                    onRename={(uuid, title) => void state.renameTable(uuid, title).then((ok) => changed(ok, 'renamed', uuid))}
                    onCopy={(uuid) => void state.copyTable(uuid).then((ok) => changed(ok, 'copied', store?.getState().selectedTableUuid ?? null))}
                    onDelete={(uuid) => void state.deleteTable(uuid).then((ok) => changed(ok, 'deleted', uuid))}
                    t={t}
                  />
                )}
              </section>
              {table ? (
                <TagMappingTable
                  mapping={mapping}
                  table={table}
                  busy={state.busy}
                  onActive={(active) => void state.setActive(table.uuid, active).then((ok) => changed(ok, active ? 'activated' : 'deactivated', table.uuid))}
                  onCell={(meaning, field, value) => void state.setTagMapping(meaning, field, value).then((ok) => changed(ok, 'tag-mapping', table.uuid))}
                  onParameter={(meaning, text) => void state.setParameter(meaning, text).then((ok) => changed(ok, 'parameter', table.uuid))}
                  t={t}
                />
              ) : (
                <p className="varde-cloud-apps__muted">{t('chooseTable')}</p>
              )}
            </>
          )}
        </div>
      </div>
      {state.busy ? (
        <div className="varde-cloud-apps__busy" role="dialog" aria-modal="true" aria-busy="true" aria-label={t('busy')} part="busy">
          <div className="varde-cloud-apps__busy-box">
            <sl-spinner />
            <span>{t('busy')}</span>
          </div>
        </div>
      ) : null}
    </WidgetRoot>
  );
}
