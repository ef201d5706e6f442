/**
 * LicensesWidget: licence administration for the acting user's licensing partners. A partner
 * selector, search, switches for the archive and all partners, an add button; a table whose rows
 * expand to download, renew, delete (archive) and edit; a full-screen dialog built from the licence
 * type; snackbars of 6 s with the catalogue's texts. Every file the cloud issues is downloaded.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { archiveLicense, editLicense, generateLicense, localizedLicenseType, type IssuedLicense } from '@varde/core';
import { licenseFileName, type GenerateLicenseRequest, type StoredLicense } from '@varde/core/contract';
import { Snackbar, useSnackbar } from '../shared/Snackbar.js';
import { useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import { downloadText } from './download.js';
import type { LicenseChangeDetail } from './events.js';
import { LicenseDialog, type DialogMode } from './LicenseDialog.js';
import { LicenseTable, type LicenseAction } from './LicenseTable.js';
import { loadLicensesShoelaceParts } from './shoelace.js';
import { licensesStrings } from './strings.js';
import { licensesStyles } from './styles.js';
import { useLicensing, visibleLicenses } from './useLicensing.js';
import { SignedOutPrompt } from '../shared/SignedOutPrompt.js';
import { WidgetState } from '../shared/WidgetState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';

export interface LicensesWidgetProps {
  /** The partner selected first (default: the first of the user's partners). */
  partner?: string | undefined;
  /** React callers: the same detail as the `varde-license-change` event. */
  onLicenseChange?: ((detail: LicenseChangeDetail) => void) | undefined;
}

type Outcome = 'generated' | 'edited' | 'renewed' | 'archived';
const FAILURE_KEY: Record<Outcome, string> = {
  generated: 'licenses:generateFailed', edited: 'licenses:editFailed', renewed: 'licenses:renewFailed', archived: 'licenses:archiveFailed',
};

export function LicensesWidget(props: LicensesWidgetProps) {
  const { t, language } = useWidgetTranslation(licensesStrings);
  const { rootRef, emit } = useVardeEvents();
  useShoelaceParts(loadLicensesShoelaceParts);
  const session = useSharedSession();
  const snackbar = useSnackbar();
  const ids = useId();

  const [selected, setSelected] = useState<string>(props.partner ?? '');
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [allPartners, setAllPartners] = useState(false);
  const [dialog, setDialog] = useState<DialogMode | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<StoredLicense | null>(null);
  const [busy, setBusy] = useState(false);

  const [partnerIds, setPartnerIds] = useState<string[]>([]);
  const shown = allPartners ? partnerIds : selected ? [selected] : [];
  const { state, signedIn, signedOut, retry } = useLicensing(shown);

  useEffect(() => setPartnerIds(state.partners.map((partner) => partner.id)), [state.partners]);
  // Only the user's own partners can be chosen: a preset that is not one of them falls back to the first.
  useEffect(() => {
    if (state.partnersStatus !== 'ready') return;
    if (!partnerIds.includes(selected)) setSelected(partnerIds[0] ?? '');
  }, [state.partnersStatus, partnerIds, selected]);

  const rows = useMemo(() => visibleLicenses(state, shown, archived, search), [state, shown.join(','), archived, search]); // eslint-disable-line react-hooks/exhaustive-deps
  const partnerName = (id: string) => state.partners.find((partner) => partner.id === id)?.name ?? id;
  // Partners may give their types' words per language: the UI's language, else the type's own.
  const typesOf = (partner: string) => (state.byPartner[partner]?.types ?? []).map((type) => localizedLicenseType(type, language));
  const loading = shown.some((partner) => (state.byPartner[partner]?.status ?? 'loading') === 'loading');
  const loadError = shown.map((partner) => state.byPartner[partner]?.error).find(Boolean) ?? (state.partnersStatus === 'error' ? state.error : null);

  function changed(detail: LicenseChangeDetail) {
    emit('varde-license-change', detail);
    props.onLicenseChange?.(detail);
    void state.refresh(detail.partner);
  }

  async function issue(request: GenerateLicenseRequest) {
    if (!session || !dialog) return;
    const outcome: Outcome = dialog.mode === 'add' ? 'generated' : dialog.mode === 'edit' ? 'edited' : 'renewed';
    setBusy(true);
    try {
      const issued: IssuedLicense =
        dialog.mode === 'edit' ? await editLicense(session.http, request) : await generateLicense(session.http, request);
      // The answer is the licence file: downloaded as the spec's file name.
      downloadText(rootRef.current, licenseFileName(issued.license.licenseInfo.name), issued.file);
      snackbar.show(t(`licenses:${outcome}`), 'success');
      setDialog(null);
      const previous = issued.license.licenseInfo.previousLicenseID;
      changed({ action: outcome, partner: issued.license.licenseInfo.partner, id: issued.license.licenseInfo.id, ...(previous ? { previousLicenseID: previous } : {}) });
    } catch {
      snackbar.show(t(FAILURE_KEY[outcome]), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function archive(license: StoredLicense) {
    if (!session) return;
    setBusy(true);
    try {
      await archiveLicense(session.http, license.licenseInfo.partner, license.licenseInfo.id);
      snackbar.show(t('licenses:archived'), 'success');
      setConfirmDelete(null);
      changed({ action: 'archived', partner: license.licenseInfo.partner, id: license.licenseInfo.id });
    } catch {
      snackbar.show(t(FAILURE_KEY.archived), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function onAction(action: LicenseAction, license: StoredLicense) {
    if (action === 'download') {
      try {
        const file = await state.licenseFile(license.licenseInfo.partner, license.licenseInfo.id);
        downloadText(rootRef.current, licenseFileName(license.licenseInfo.name), file);
      } catch (error) {
        snackbar.show(error instanceof Error ? error.message : String(error), 'error');
      }
    } else if (action === 'delete') setConfirmDelete(license);
    else setDialog({ mode: action, license });
  }

  let body;
  if (signedOut) {
    body = <SignedOutPrompt text={t('signedOut')} buttonText={t('signIn')} className="varde-state" rootRef={rootRef} />;
  } else if (!signedIn || state.partnersStatus === 'idle' || state.partnersStatus === 'loading') {
    body = <WidgetState kind="loading" text={t('loading')} onRetry={retry} />;
  } else if (state.partnersStatus === 'error' && partnerIds.length === 0) {
    body = <WidgetState kind="failed" detail={state.error ?? ''} onRetry={retry} />;
  } else if (partnerIds.length === 0 && state.partnersStatus === 'ready') {
    body = <p className="varde-licenses__status" part="empty">{t('noPartners')}</p>;
  } else {
    body = (
      <>
        <div className="varde-licenses__toolbar" part="toolbar">
          <div className="varde-licenses__field">
            <label htmlFor={`${ids}-partner`}>{t('partner')}</label>
            <select id={`${ids}-partner`} value={selected} disabled={allPartners} data-testid="partner-select" onChange={(event) => setSelected(event.target.value)}>
              {state.partners.map((partner) => (
                <option key={partner.id} value={partner.id}>
                  {partner.name}
                </option>
              ))}
            </select>
          </div>
          <div className="varde-licenses__field varde-licenses__search">
            <label htmlFor={`${ids}-search`}>{t('search')}</label>
            <input id={`${ids}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
          <label className="varde-licenses__switch">
            <input type="checkbox" role="switch" checked={archived} onChange={(event) => setArchived(event.target.checked)} />
            {t('archived')}
          </label>
          <label className="varde-licenses__switch">
            <input type="checkbox" role="switch" checked={allPartners} onChange={(event) => setAllPartners(event.target.checked)} />
            {t('allPartners')}
          </label>
          <sl-button variant="primary" part="add-button" disabled={!selected} onClick={() => selected && setDialog({ mode: 'add', partner: selected })}>
            {t('add')}
          </sl-button>
        </div>
        {loadError ? (
          <WidgetState kind="failed" detail={loadError} onRetry={retry} />
        ) : loading ? (
          <WidgetState kind="loading" text={t('loading')} onRetry={retry} />
        ) : rows.length === 0 ? (
          <p className="varde-licenses__status" part="empty">{search.trim() ? t('noResults', { text: search.trim() }) : t('empty')}</p>
        ) : (
          <LicenseTable rows={rows} typesOf={typesOf} showPartner={allPartners} partnerName={partnerName} archived={archived} t={t} onAction={(action, license) => void onAction(action, license)} />
        )}
      </>
    );
  }

  return (
    <WidgetRoot styles={`${licensesStyles}\n${widgetStateStyles}`} className="varde-licenses" rootRef={rootRef} lang={language}>
      {body}
      {dialog ? (
        <LicenseDialog
          dialog={dialog}
          types={typesOf(dialog.mode === 'add' ? dialog.partner : dialog.license.licenseInfo.partner)}
          busy={busy}
          t={t}
          language={language}
          onCancel={() => setDialog(null)}
          onSubmit={(request) => void issue(request)}
        />
      ) : null}
      {confirmDelete ? (
        <div className="varde-licenses__overlay varde-licenses__overlay--small">
          <div className="varde-licenses__confirm" role="alertdialog" aria-modal="true" aria-labelledby={`${ids}-confirm`} part="confirm-dialog">
            <p id={`${ids}-confirm`}>{t('confirmDelete')}</p>
            <p className="varde-licenses__hint">{confirmDelete.licenseInfo.name}</p>
            <div className="varde-licenses__dialog-footer">
              <sl-button part="cancel-delete-button" disabled={busy} onClick={() => setConfirmDelete(null)}>
                {t('cancel')}
              </sl-button>
              <sl-button variant="danger" part="confirm-delete-button" loading={busy} onClick={() => void archive(confirmDelete)}>
                {t('delete')}
              </sl-button>
            </div>
          </div>
        </div>
      ) : null}
      <Snackbar message={snackbar.message} onClose={snackbar.dismiss} closeLabel={t('close')} />
    </WidgetRoot>
  );
}
