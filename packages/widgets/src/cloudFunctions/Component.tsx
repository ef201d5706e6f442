/**
 * CloudFunctionsWidget (<varde-cloud-functions>): the list of cloud functions (refreshed every 10 s)
 * and an editor with the Python source in monaco (loaded lazily). State lives in core's functions
 * editor store: unsaved changes block choosing another function; save or cancel return to none
 * selected; the server's detail shows in a dismissible box.
 */
import { useEffect, useMemo } from 'react';
import {
  createFunctionsEditorStore,
  functionServiceQuery,
  startFunctionListRefresh,
  FUNCTION_LIST_REFRESH_MS,
} from '@varde/core';
import { useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import '../shared/shoelaceElements.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import { ErrorBox } from './ErrorBox.js';
import { ErrorState } from '../shared/ErrorState.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { FunctionEditor } from './FunctionEditor.js';
import { FunctionList } from './FunctionList.js';
import { RunPanel } from './RunPanel.js';
import { loadCloudFunctionsShoelaceParts } from './shoelace.js';
import { cloudFunctionsStrings } from './strings.js';
import { cloudFunctionsStyles } from './styles.js';
import { useStoreState } from '../shared/useStoreState.js';
import './events.js';

export interface CloudFunctionsWidgetProps {
  /** List refresh interval in ms (spec: 10 s). */
  refreshMs?: number | undefined;
}

export function CloudFunctionsWidget({ refreshMs }: CloudFunctionsWidgetProps) {
  const { t, language } = useWidgetTranslation(cloudFunctionsStrings);
  const { rootRef, emit } = useVardeEvents();
  useShoelaceParts(loadCloudFunctionsShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';

  const store = useMemo(() => {
    if (!session) return null;
    return createFunctionsEditorStore({
      http: () => session.http,
      serviceQuery: () =>
        functionServiceQuery(session.http, (service) => {
          try {
            return session.tokenFor(service);
          } catch {
            return undefined;
          }
        }),
    });
  }, [session]);
  const state = useStoreState(store);

  useEffect(() => {
    if (!store || !signedIn) return;
    return startFunctionListRefresh(store, refreshMs ?? FUNCTION_LIST_REFRESH_MS);
  }, [store, signedIn, snapshot?.tokensVersion, refreshMs]);

  // A retry shows loading again (with its limit), then the list or the failure.
  const retry = () => {
    store?.setState({ listStatus: 'loading' });
    void store?.getState().loadList();
  };

  async function save() {
    if (!state) return;
    const name = state.draft?.name.trim() ?? '';
    if (await state.save()) emit('varde-function-saved', { name });
  }

  async function remove() {
    if (!state?.selectedName) return;
    const name = state.selectedName;
    if (await state.remove()) emit('varde-function-deleted', { name });
  }

  return (
    <WidgetRoot styles={`${cloudFunctionsStyles}\n${widgetStateStyles}`} className="varde-cloud-functions" rootRef={rootRef} lang={language}>
      {snapshot?.state === 'signed-out' ? (
        <SignedOutPrompt text={t('signedOut')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />
      ) : !state || !signedIn || (state.functions.length === 0 && (state.listStatus === 'idle' || state.listStatus === 'loading')) ? (
        <WidgetState kind="loading" text={t('loading')} onRetry={retry} />
      ) : state.listStatus === 'error' && state.functions.length === 0 ? (
        <ErrorState error={state.listFailure} missing={t('missing')} onRetry={retry} />
      ) : (
        <div className="varde-cloud-functions__layout">
          <aside className="varde-cloud-functions__side" part="side">
            <div className="varde-cloud-functions__side-bar">
              <h2 className="varde-cloud-functions__heading">{t('listLabel')}</h2>
              <sl-button size="small" variant="primary" onClick={() => state.startNew()} data-action="new">
                {t('newFunction')}
              </sl-button>
            </div>
            <FunctionList
              functions={state.functions}
              selectedName={state.selectedName}
              loading={state.listStatus === 'loading' || state.listStatus === 'idle'}
              onSelect={(name) => void state.select(name)}
              t={t}
              language={language}
            />
          </aside>
          <section className="varde-cloud-functions__main" part="main">
            {state.error ? <ErrorBox message={state.error} onDismiss={() => state.dismissError()} t={t} /> : null}
            <FunctionEditor state={state} onSave={() => void save()} onDelete={() => void remove()} t={t} language={language} />
            {state.mode === 'edit' && state.draft && state.selectedName ? (
              <RunPanel
                key={state.selectedName}
                name={state.selectedName}
                http={session?.http ?? null}
                disabled={state.unsaved}
                onError={(message) => store?.setState({ error: message })}
                onFinished={(run) => emit('varde-function-run', { name: run.name, version: run.version, status: run.status })}
                t={t}
              />
            ) : null}
          </section>
        </div>
      )}
    </WidgetRoot>
  );
}
