import { useState } from 'react';
import { describeError, listAuditRecords, listUsers } from '@varde/core';
import type { AuditQuery, AuditRecordsResponse } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { AdministrationTabs } from '../administrate/AdministrationTabs.js';
import { AuditFilters } from './AuditFilters.js';
import { AuditTable } from './AuditTable.js';
import { downloadAuditCsv } from './auditCsvDownload.js';
import { auditQueryOf, EMPTY_FILTERS, type AuditFilterForm } from './auditQuery.js';
import { useAuditTexts } from './useAuditTexts.js';
import '../accessTokens/accessTokensStyles.js';
import './auditLogStyles.js';
import { PageFrame } from '../../shell/PageFrame.js';

/** Records a page shows. */
const PAGE_SIZE = 50;

/** The query the filters ask for; a `who` with an @ names a user through the users service (their id). */
async function resolvedQuery(form: AuditFilterForm, now: number, noUser: (who: string) => string): Promise<AuditQuery> {
  const who = form.who.trim();
  let userId: string | undefined = who || undefined;
  if (who.includes('@')) {
    // listUsers, not findUserByEmail: the users client sits in the first paint, and only what it already uses stays free.
    const [user] = (await listUsers(session.http, { email: who })).data;
    if (!user) throw new Error(noUser(who));
    userId = user.uid;
  }
  return auditQueryOf(form, userId, now);
}

/**
 * /administrate/audit-log (administrators: a partner's admins see their partner's records, a system
 * admin everyone's, app/pageAccess.ts): who changed what, newest first, a page at a time (the cursor of
 * each page kept for going back), with filters and a CSV export of everything they match.
 */
export function AuditLogPage() {
  const t = useAuditTexts(['menu']);
  const [filters, setFilters] = useState<{ form: AuditFilterForm; at: number }>({ form: EMPTY_FILTERS, at: Date.now() });
  // cursors[i] opens page i + 1 (the first page has none).
  const [cursors, setCursors] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const cursor = cursors[cursors.length - 1];
  const key = JSON.stringify([filters, cursor ?? null]);
  const { state, reload } = useLoaded<AuditRecordsResponse>(async () => {
    const query = await resolvedQuery(filters.form, filters.at, (who) => t('audit:noUser', { who }));
    return listAuditRecords(session.http, { ...query, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  }, key);

  const apply = (form: AuditFilterForm) => {
    setFilters({ form, at: Date.now() });
    setCursors([]);
    setNotice(null);
  };

  async function exportCsv() {
    setExporting(true);
    setNotice(null);
    try {
      const query = await resolvedQuery(filters.form, filters.at, (who) => t('audit:noUser', { who }));
      const count = await downloadAuditCsv(session.http, query, new Date());
      setNotice({ text: t('audit:exported', { count }), error: false });
    } catch (error) {
      setNotice({ text: describeError(error), error: true });
    } finally {
      setExporting(false);
    }
  }

  return (
    <PageFrame className="administrate-page audit-log-page" title={t('audit:title')}>
      <AdministrationTabs current="audit-log" />
      <p className="tokens-panel__intro">{t('audit:intro')}</p>
      <AuditFilters initial={filters.form} onApply={apply} busy={state.status === 'loading'} />
      <div className="audit-log-page__actions">
        <button type="button" className="button-secondary" onClick={() => void exportCsv()} disabled={exporting} data-testid="audit-export">
          {exporting ? t('audit:exporting') : t('audit:exportCsv')}
        </button>
        <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="audit-notice">
          {notice?.text ?? ''}
        </p>
      </div>
      {state.status === 'loading' ? (
        <p role="status">{t('audit:loading')}</p>
      ) : state.status === 'error' ? (
        <div role="alert" className="form-error">
          <p>{t('audit:loadFailed', { message: state.message })}</p>
          <button type="button" onClick={reload}>
            {t('audit:retry')}
          </button>
        </div>
      ) : (
        <>
          <AuditTable records={state.value.records} />
          <nav className="audit-pager" aria-label={t('audit:pages')}>
            <button type="button" className="button-secondary" disabled={cursors.length === 0} onClick={() => setCursors((list) => list.slice(0, -1))} data-testid="audit-newer">
              {t('audit:newer')}
            </button>
            <span>{t('audit:page', { page: cursors.length + 1 })}</span>
            <button
              type="button"
              className="button-secondary"
              disabled={state.value.nextCursor === null}
              onClick={() => state.value.nextCursor && setCursors((list) => [...list, state.value.nextCursor!])}
              data-testid="audit-older"
            >
              {t('audit:older')}
            </button>
          </nav>
        </>
      )}
    </PageFrame>
  );
}
