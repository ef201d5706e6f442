import { useMemo, type MouseEvent } from 'react';
import { listServiceAccounts } from '@varde/core';
import type { RouteProps } from '../../app/routeProps.js';
import { hrefFor, navigate } from '../../app/router.js';
import { session } from '../../app/session.js';
import { AccessTokensPanel } from '../accessTokens/AccessTokensPanel.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { serviceAccountTokenOwner } from './serviceAccountTokens.js';
import { useAccessTokenTexts } from '../accessTokens/useAccessTokenTexts.js';
import '../accessTokens/accessTokensStyles.js';
import { PageFrame } from '../../shell/PageFrame.js';

const LIST = '/administrate/service-accounts';

/** /administrate/service-accounts/{uid}: one service account (role, sites) and its tokens. */
export function ServiceAccountTokensPage({ params }: RouteProps) {
  const t = useAccessTokenTexts(['menu']);
  const uid = params.id ?? '';
  const { state, reload } = useLoaded(async () => (await listServiceAccounts(session.http)).find((account) => account.uid === uid) ?? null, uid);
  const owner = useMemo(() => serviceAccountTokenOwner(uid), [uid]);
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(LIST);
  };

  let body;
  if (state.status === 'loading') body = <p role="status">{t('accessTokens:loading')}</p>;
  else if (state.status === 'error') {
    body = (
      <div role="alert" className="form-error">
        <p>{t('accessTokens:loadFailed', { message: state.message })}</p>
        <button type="button" onClick={reload}>
          {t('accessTokens:retry')}
        </button>
      </div>
    );
  } else if (state.value === null) body = <p role="alert">{t('accessTokens:notFound')}</p>;
  else {
    const account = state.value;
    body = (
      <>
        <dl className="service-account-summary" data-testid="service-account-summary">
          <div>
            <dt>{t('accessTokens:name')}</dt>
            <dd>{account.name}</dd>
          </div>
          <div>
            <dt>{t('accessTokens:role')}</dt>
            <dd>{account.role}</dd>
          </div>
          <div>
            <dt>{t('accessTokens:sites')}</dt>
            <dd>{t('accessTokens:siteCount', { count: Object.keys(account.controllers).length })}</dd>
          </div>
        </dl>
        <AccessTokensPanel owner={owner} title={t('accessTokens:manageTokensOf', { name: account.name })} intro={t('accessTokens:serviceIntro')} />
      </>
    );
  }

  return (
    <PageFrame className="administrate-page service-accounts-page" title={t('menu:serviceAccounts')}>
      <p>
        <a href={hrefFor(LIST)} onClick={back} data-testid="all-service-accounts">
          {t('accessTokens:allServiceAccounts')}
        </a>
      </p>
      {body}
    </PageFrame>
  );
}
