import { useId, useState } from 'react';
import { describeError } from '@varde/core';
import type { AccessTokenInfo, CreateTokenRequest, CreatedToken } from '@varde/core/contract';
import { ConfirmDialog } from './ConfirmDialog.js';
import { CreateTokenForm } from './CreateTokenForm.js';
import { ShownOnce } from './ShownOnce.js';
import { TokenTable } from './TokenTable.js';
import { useLoaded } from './useLoaded.js';
import { useAccessTokenTexts } from './useAccessTokenTexts.js';
import './accessTokensStyles.js';

/** Whose tokens a panel shows: the signed-in person's own, or one service account's. */
export interface TokenOwner {
  /** Changes when the panel shows someone else's tokens (the list is read again). */
  key: string;
  list(): Promise<AccessTokenInfo[]>;
  create(request: CreateTokenRequest): Promise<CreatedToken>;
  revoke(id: string): Promise<void>;
  mayNeverExpire: boolean;
}

/**
 * Access tokens of one owner: the list, a new token (shown once, with Copy) and revoke with a question
 * first. Account settings shows the person's own; a service account's page shows its tokens.
 */
export function AccessTokensPanel({ owner, title, intro }: { owner: TokenOwner; title: string; intro: string }) {
  const t = useAccessTokenTexts();
  const id = useId();
  const { state, reload } = useLoaded(() => owner.list(), owner.key);
  const [shown, setShown] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<AccessTokenInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function create(request: CreateTokenRequest) {
    const created = await owner.create(request);
    setNotice(null);
    setShown(created);
    reload();
  }

  async function revoke(token: AccessTokenInfo) {
    setBusy(true);
    try {
      await owner.revoke(token.id);
      setNotice({ text: t('accessTokens:revoked', { name: token.name }), error: false });
      if (shown?.id === token.id) setShown(null);
      reload();
    } catch (error) {
      setNotice({ text: t('accessTokens:failed', { message: describeError(error) }), error: true });
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  return (
    <section className="tokens-panel" aria-labelledby={`${id}-title`} data-testid="access-tokens">
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="tokens-panel__intro">{intro}</p>
      {shown ? <ShownOnce token={shown} onDone={() => setShown(null)} /> : null}
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
        <TokenTable tokens={state.value} onRevoke={setRevoking} />
      )}
      <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="tokens-notice">
        {notice?.text ?? ''}
      </p>
      <CreateTokenForm mayNeverExpire={owner.mayNeverExpire} onCreate={create} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('accessTokens:revokeTitle')}
        text={revoking ? t('accessTokens:revokeQuestion', { name: revoking.name }) : ''}
        confirmLabel={t('accessTokens:revoke')}
        cancelLabel={t('accessTokens:cancel')}
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
