import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedToken } from '@varde/core/contract';
import { useAccessTokenTexts } from './useAccessTokenTexts.js';

/**
 * A new token's secret, shown this once: it lives in this component's state only (never in storage, the
 * address or a log) and is gone when the user says they have copied it or leaves the page.
 */
export function ShownOnce({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const t = useAccessTokenTexts();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  // The user must notice it: the focus moves to it when it appears.
  useEffect(() => heading.current?.focus(), [token.id]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
      field.current?.select();
    }
  }

  return (
    <div className="token-once" role="region" aria-labelledby={`${id}-title`} data-testid="token-shown-once">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('accessTokens:shownOnceTitle', { name: token.name })}
      </h3>
      <p className="token-once__warning">{t('accessTokens:shownOnceWarning')}</p>
      <label htmlFor={`${id}-token`}>{t('accessTokens:tokenLabel')}</label>
      <div className="token-once__row">
        <input
          ref={field}
          id={`${id}-token`}
          className="token-once__secret"
          readOnly
          value={token.token}
          spellCheck={false}
          autoComplete="off"
          data-testid="new-token"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" onClick={() => void copy()} data-testid="copy-token">
          {t('accessTokens:copy')}
        </button>
      </div>
      <p className="token-once__copy-state" role="status">
        {copyState === 'copied' ? t('accessTokens:copied') : copyState === 'failed' ? t('accessTokens:copyFailed') : ''}
      </p>
      <button type="button" className="button-secondary" onClick={onDone} data-testid="token-copied-done">
        {t('accessTokens:done')}
      </button>
    </div>
  );
}
