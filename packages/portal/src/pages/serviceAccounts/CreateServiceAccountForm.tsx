import { useId, useState, type FormEvent } from 'react';
import { createServiceAccount, describeError } from '@varde/core';
import type { Role, ServiceAccount } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { defaultRole, loadGrantOptions, type GrantOptions } from './grantOptions.js';
import { SiteChoices } from './SiteChoices.js';
import { useAccessTokenTexts } from '../accessTokens/useAccessTokenTexts.js';

/** A new service account: a name, a role and sites, from what the admin may grant. */
export function CreateServiceAccountForm({ onCreated, onCancel }: { onCreated: (account: ServiceAccount) => void; onCancel: () => void }) {
  const t = useAccessTokenTexts();
  const { state, reload } = useLoaded(loadGrantOptions, 'grant-options');
  if (state.status === 'loading') return <p role="status">{t('accessTokens:loading')}</p>;
  if (state.status === 'error') {
    return (
      <div role="alert" className="form-error">
        <p>{t('accessTokens:loadFailed', { message: state.message })}</p>
        <button type="button" onClick={reload}>
          {t('accessTokens:retry')}
        </button>
      </div>
    );
  }
  return <ServiceAccountFields options={state.value} onCreated={onCreated} onCancel={onCancel} />;
}

function ServiceAccountFields({ options, onCreated, onCancel }: { options: GrantOptions; onCreated: (account: ServiceAccount) => void; onCancel: () => void }) {
  const t = useAccessTokenTexts();
  const id = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role | undefined>(defaultRole(options.roles));
  const [sites, setSites] = useState<Set<string>>(new Set());
  const [nameError, setNameError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || !role) {
      setNameError(!trimmed);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setNameError(false);
    setFailure(null);
    setBusy(true);
    try {
      const controllers = Object.fromEntries([...sites].map((uuid) => [uuid, true as const]));
      onCreated(await createServiceAccount(session.http, { name: trimmed, role, controllers }));
    } catch (error) {
      setFailure(t('accessTokens:failed', { message: describeError(error) }));
      setBusy(false);
    }
  }

  return (
    <form className="token-form service-account-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} data-testid="create-service-account-form">
      <h2 id={`${id}-title`}>{t('accessTokens:newServiceAccount')}</h2>
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
      <div className="token-form__field">
        <label htmlFor={`${id}-role`}>{t('accessTokens:role')}</label>
        <select id={`${id}-role`} value={role ?? ''} onChange={(event) => setRole(event.target.value as Role)}>
          {options.roles.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      <SiteChoices sites={options.sites} chosen={sites} onChange={setSites} />
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-buttons">
        <button type="submit" disabled={busy || !role}>
          {t('accessTokens:createServiceAccount')}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('accessTokens:cancel')}
        </button>
      </div>
    </form>
  );
}
