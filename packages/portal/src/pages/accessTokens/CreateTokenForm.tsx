import { useId, useState, type FormEvent } from 'react';
import { describeError } from '@varde/core';
import { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS, type CreateTokenRequest, type TokenScope } from '@varde/core/contract';
import { useAccessTokenTexts } from './useAccessTokenTexts.js';

/** The expiries offered, in days; the default is the cloud's (90) and the longest its limit (366). */
const EXPIRY_DAYS = [7, 30, DEFAULT_TOKEN_DAYS, 180, MAX_TOKEN_DAYS] as const;
const NEVER = 'never';

export interface CreateTokenFormProps {
  /** A service account's token may never expire (nobody is there to renew it); a person's must. */
  mayNeverExpire: boolean;
  /** Makes the token; a rejection is shown beside the form (its `detail`, e.g. a name in use). */
  onCreate: (request: CreateTokenRequest) => Promise<void>;
}

/** Name, scope (read only by default: the least a job needs) and expiry of a new token. */
export function CreateTokenForm({ mayNeverExpire, onCreate }: CreateTokenFormProps) {
  const t = useAccessTokenTexts();
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [expiry, setExpiry] = useState<string>(String(DEFAULT_TOKEN_DAYS));
  const [nameError, setNameError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(true);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setNameError(false);
    setFailure(null);
    setBusy(true);
    try {
      await onCreate({ name: trimmed, scope, expiresInDays: expiry === NEVER ? null : Number(expiry) });
      setName('');
    } catch (error) {
      setFailure(t('accessTokens:failed', { message: describeError(error) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="token-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} data-testid="create-token-form">
      <h3 id={`${id}-title`}>{t('accessTokens:create')}</h3>
      <div className="token-form__field">
        <label htmlFor={`${id}-name`}>{t('accessTokens:name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          autoComplete="off"
          aria-invalid={nameError || undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameError ? (
          <span id={`${id}-name-error`} className="form-error">
            {t('accessTokens:nameRequired')}
          </span>
        ) : null}
      </div>
      <fieldset className="token-form__scope">
        <legend>{t('accessTokens:scope')}</legend>
        {(['read', 'write'] as const).map((value) => (
          <label key={value} className="token-form__choice">
            <input type="radio" name={`${id}-scope`} value={value} checked={scope === value} onChange={() => setScope(value)} />
            <span>
              {t(value === 'read' ? 'accessTokens:scopeRead' : 'accessTokens:scopeWrite')}
              <span className="token-form__help">{t(value === 'read' ? 'accessTokens:scopeReadHelp' : 'accessTokens:scopeWriteHelp')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="token-form__field">
        <label htmlFor={`${id}-expiry`}>{t('accessTokens:expiry')}</label>
        <select id={`${id}-expiry`} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
          {EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t('accessTokens:days', { count: days })}
            </option>
          ))}
          {mayNeverExpire ? <option value={NEVER}>{t('accessTokens:neverExpires')}</option> : null}
        </select>
      </div>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={busy}>
          {t('accessTokens:create')}
        </button>
      </div>
    </form>
  );
}
