import { useState, type MouseEvent } from 'react';
import { deleteServiceAccount, describeError, listServiceAccounts } from '@varde/core';
import type { ServiceAccount } from '@varde/core/contract';
import { hrefFor, navigate } from '../../app/router.js';
import { session } from '../../app/session.js';
import { ConfirmDialog } from '../accessTokens/ConfirmDialog.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { AdministrationTabs } from '../administrate/AdministrationTabs.js';
import { CreateServiceAccountForm } from './CreateServiceAccountForm.js';
import { useAccessTokenTexts } from '../accessTokens/useAccessTokenTexts.js';
import '../accessTokens/accessTokensStyles.js';
import { PageFrame } from '../../shell/PageFrame.js';

export const tokensPathOf = (uid: string) => `/administrate/service-accounts/${encodeURIComponent(uid)}`;

/**
 * /administrate/service-accounts (administrators only, app/pageAccess.ts): the partner's service
 * accounts apart from people (name, role, sites, tokens), a new one, delete with a question first.
 */
export function ServiceAccountsPage() {
  const t = useAccessTokenTexts(['menu']);
  const { state, reload } = useLoaded(() => listServiceAccounts(session.http), 'service-accounts');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ServiceAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function remove(account: ServiceAccount) {
    setBusy(true);
    try {
      await deleteServiceAccount(session.http, account.uid);
      setNotice({ text: t('accessTokens:deleted', { name: account.name }), error: false });
      reload();
    } catch (error) {
      setNotice({ text: t('accessTokens:failed', { message: describeError(error) }), error: true });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <PageFrame className="administrate-page service-accounts-page" title={t('menu:serviceAccounts')}>
      <AdministrationTabs current="service-accounts" />
      <p className="tokens-panel__intro">{t('accessTokens:serviceAccountsIntro')}</p>
      {creating ? (
        // A new account's first need is a token: its page is where that is made.
        <CreateServiceAccountForm onCreated={(account) => navigate(tokensPathOf(account.uid))} onCancel={() => setCreating(false)} />
      ) : (
        <p>
          <button type="button" onClick={() => setCreating(true)} data-testid="new-service-account">
            {t('accessTokens:newServiceAccount')}
          </button>
        </p>
      )}
      {state.status === 'loading' ? (
        <p role="status">{t('accessTokens:loading')}</p>
      ) : state.status === 'error' ? (
        <div role="alert" className="form-error">
          <p>{t('accessTokens:loadFailed', { message: state.message })}</p>
          <button type="button" onClick={reload}>
            {t('accessTokens:retry')}
          </button>
        </div>
      ) : (
        <ServiceAccountTable accounts={state.value} onDelete={setDeleting} />
      )}
      <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="service-accounts-notice">
        {notice?.text ?? ''}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        title={t('accessTokens:deleteTitle')}
        text={deleting ? t('accessTokens:deleteQuestion', { name: deleting.name }) : ''}
        confirmLabel={t('accessTokens:delete')}
        cancelLabel={t('accessTokens:cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </PageFrame>
  );
}

function ServiceAccountTable({ accounts, onDelete }: { accounts: readonly ServiceAccount[]; onDelete: (account: ServiceAccount) => void }) {
  const t = useAccessTokenTexts();
  if (accounts.length === 0) return <p className="tokens-empty">{t('accessTokens:noServiceAccounts')}</p>;
  const follow = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <table className="data-table" data-testid="service-account-table">
      <thead>
        <tr>
          <th scope="col">{t('accessTokens:name')}</th>
          <th scope="col">{t('accessTokens:role')}</th>
          <th scope="col">{t('accessTokens:sites')}</th>
          <th scope="col">{t('accessTokens:tokens')}</th>
          <th scope="col" className="data-table__actions">
            <span className="visually-hidden">{t('accessTokens:delete')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => (
          <tr key={account.uid} data-testid="service-account-row" data-account-name={account.name}>
            <th scope="row" className="data-table__name">
              <a href={hrefFor(tokensPathOf(account.uid))} onClick={follow(tokensPathOf(account.uid))}>
                {account.name}
              </a>
            </th>
            <td data-label={t('accessTokens:role')}>{account.role}</td>
            <td data-label={t('accessTokens:sites')}>{t('accessTokens:siteCount', { count: Object.keys(account.controllers).length })}</td>
            <td data-label={t('accessTokens:tokens')}>{t('accessTokens:tokenCount', { count: account.tokens })}</td>
            <td className="data-table__actions">
              <button type="button" className="button-secondary" aria-label={t('accessTokens:deleteNamed', { name: account.name })} onClick={() => onDelete(account)}>
                {t('accessTokens:delete')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
