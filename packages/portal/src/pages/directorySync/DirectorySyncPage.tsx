import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { describeError, formatDateTime, i18n } from '@varde/core';
import type { CreatedConnection, DirectoryConnection, DirectoryGroup, Role } from '@varde/core/contract';
import { ConfirmDialog } from '../accessTokens/ConfirmDialog.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { AdministrationTabs } from '../administrate/AdministrationTabs.js';
import { loadGrantOptions, type GrantOptions } from '../serviceAccounts/grantOptions.js';
import { SiteChoices } from '../serviceAccounts/SiteChoices.js';
import { createConnection, listConnections, listGroups, mapGroup, revokeConnection, rotateConnection } from './directoryClient.js';
import { useDirectoryTexts } from './useDirectoryTexts.js';
import './directorySyncStyles.js';
import { PageFrame } from '../../shell/PageFrame.js';

type Notice = { text: string; error: boolean } | null;

/**
 * /administrate/directory-sync (administrators only, app/pageAccess.ts), issue 36: the partner's SCIM
 * connections (a new one shows its base URL and token once; rotate; revoke, with a question first) and
 * the role and sites each directory group carries.
 */
export function DirectorySyncPage() {
  const t = useDirectoryTexts();
  const connections = useLoaded(listConnections, 'directory-connections');
  const groups = useLoaded(listGroups, 'directory-groups');
  const [shown, setShown] = useState<CreatedConnection | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [asking, setAsking] = useState<{ kind: 'rotate' | 'revoke'; connection: DirectoryConnection } | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!asking) return;
    setBusy(true);
    try {
      if (asking.kind === 'rotate') setShown(await rotateConnection(asking.connection.id));
      else {
        await revokeConnection(asking.connection.id);
        setNotice({ text: t('directory:revoked', { name: asking.connection.name }), error: false });
      }
      connections.reload();
    } catch (error) {
      setNotice({ text: t('directory:failed', { message: describeError(error) }), error: true });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <PageFrame className="administrate-page directory-page" title={t('directory:title')}>
      <AdministrationTabs current="directory-sync" />
      <p className="tokens-panel__intro">{t('directory:intro')}</p>
      <section className="tokens-panel" aria-labelledby="directory-connections">
        <h2 id="directory-connections">{t('directory:connections')}</h2>
        {shown ? (
          <ShownOnce created={shown} onDone={() => setShown(null)} />
        ) : (
          <NewConnection
            onCreated={(created) => {
              setShown(created);
              setNotice({ text: t('directory:created_notice', { name: created.connection.name }), error: false });
              connections.reload();
            }}
          />
        )}
        {connections.state.status === 'loading' ? (
          <p role="status">{t('directory:loading')}</p>
        ) : connections.state.status === 'error' ? (
          <LoadFailed message={connections.state.message} onRetry={connections.reload} />
        ) : (
          <ConnectionTable connections={connections.state.value} onAsk={(kind, connection) => setAsking({ kind, connection })} />
        )}
        <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="directory-notice">
          {notice?.text ?? ''}
        </p>
      </section>
      <section className="tokens-panel" aria-labelledby="directory-groups">
        <h2 id="directory-groups">{t('directory:groups')}</h2>
        <p className="tokens-panel__intro">{t('directory:groupsIntro')}</p>
        {groups.state.status === 'loading' ? (
          <p role="status">{t('directory:loading')}</p>
        ) : groups.state.status === 'error' ? (
          <LoadFailed message={groups.state.message} onRetry={groups.reload} />
        ) : (
          <GroupTable groups={groups.state.value} onSaved={groups.reload} />
        )}
      </section>
      <ConfirmDialog
        open={asking !== null}
        title={asking?.kind === 'rotate' ? t('directory:rotateTitle') : t('directory:revokeTitle')}
        text={asking ? t(asking.kind === 'rotate' ? 'directory:rotateQuestion' : 'directory:revokeQuestion', { name: asking.connection.name }) : ''}
        confirmLabel={asking?.kind === 'rotate' ? t('directory:rotate') : t('directory:revoke')}
        cancelLabel={t('directory:cancel')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </PageFrame>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useDirectoryTexts();
  return (
    <div role="alert" className="form-error">
      <p>{t('directory:loadFailed', { message })}</p>
      <button type="button" onClick={onRetry}>
        {t('directory:retry')}
      </button>
    </div>
  );
}

function NewConnection({ onCreated }: { onCreated: (created: CreatedConnection) => void }) {
  const t = useDirectoryTexts();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <p>
        <button type="button" onClick={() => setOpen(true)} data-testid="new-connection">
          {t('directory:newConnection')}
        </button>
      </p>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      onCreated(await createConnection(name.trim()));
      setOpen(false);
      setName('');
    } catch (failure) {
      setError(t('directory:failed', { message: describeError(failure) }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="token-form" onSubmit={(event) => void submit(event)} data-testid="create-connection-form">
      <div className="token-form__field">
        <label htmlFor={`${id}-name`}>{t('directory:connectionName')}</label>
        <input id={`${id}-name`} required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} aria-describedby={`${id}-help`} />
        <span id={`${id}-help`} className="token-form__help">
          {t('directory:connectionNameHelp')}
        </span>
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="form-buttons">
        <button type="submit" disabled={busy || name.trim() === ''}>
          {t('directory:create')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setOpen(false)}>
          {t('directory:cancel')}
        </button>
      </div>
    </form>
  );
}

/** The base URL and the token, this once: in this component's state only, gone when the admin says done. */
function ShownOnce({ created, onDone }: { created: CreatedConnection; onDone: () => void }) {
  const t = useDirectoryTexts();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'url' | 'token' | null>(null);
  useEffect(() => heading.current?.focus(), [created.token]);
  const copy = async (what: 'url' | 'token', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  return (
    <div className="token-once directory-once" role="region" aria-labelledby={`${id}-title`} data-testid="connection-shown-once">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {created.connection.name}
      </h3>
      <p className="token-once__warning">{t('directory:shownOnce')}</p>
      <dl>
        <dt>
          <label htmlFor={`${id}-url`}>{t('directory:baseUrl')}</label>
        </dt>
        <dd>
          <input id={`${id}-url`} readOnly value={created.baseUrl} data-testid="connection-base-url" onFocus={(event) => event.currentTarget.select()} />
          <button type="button" onClick={() => void copy('url', created.baseUrl)}>
            {copied === 'url' ? t('directory:copied') : t('directory:copy')}
          </button>
        </dd>
        <dt>
          <label htmlFor={`${id}-token`}>{t('directory:token')}</label>
        </dt>
        <dd>
          <input id={`${id}-token`} readOnly value={created.token} spellCheck={false} autoComplete="off" data-testid="connection-token" onFocus={(event) => event.currentTarget.select()} />
          <button type="button" onClick={() => void copy('token', created.token)}>
            {copied === 'token' ? t('directory:copied') : t('directory:copy')}
          </button>
        </dd>
      </dl>
      <button type="button" className="button-secondary" onClick={onDone} data-testid="connection-done">
        {t('directory:done')}
      </button>
    </div>
  );
}

function ConnectionTable({ connections, onAsk }: { connections: readonly DirectoryConnection[]; onAsk: (kind: 'rotate' | 'revoke', connection: DirectoryConnection) => void }) {
  const t = useDirectoryTexts();
  if (connections.length === 0) return <p className="tokens-empty">{t('directory:noConnections')}</p>;
  const language = i18n.language;
  return (
    <table className="data-table" data-testid="connection-table">
      <thead>
        <tr>
          <th scope="col">{t('directory:connectionName')}</th>
          <th scope="col">{t('directory:state')}</th>
          <th scope="col">{t('directory:users')}</th>
          <th scope="col">{t('directory:groups')}</th>
          <th scope="col">{t('directory:created')}</th>
          <th scope="col" className="data-table__actions">
            <span className="visually-hidden">{t('directory:revoke')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {connections.map((connection) => (
          <tr key={connection.id} data-testid="connection-row" data-connection-name={connection.name}>
            <th scope="row" className="data-table__name">
              {connection.name}
            </th>
            <td data-label={t('directory:state')} className={connection.revokedAt === null ? undefined : 'directory-state--revoked'}>
              {connection.revokedAt === null ? t('directory:live') : t('directory:revokedAt', { time: formatDateTime(connection.revokedAt, language) })}
            </td>
            <td data-label={t('directory:users')}>{connection.users}</td>
            <td data-label={t('directory:groups')}>{connection.groups}</td>
            <td data-label={t('directory:created')}>{formatDateTime(connection.createdAt, language)}</td>
            <td className="data-table__actions">
              {connection.revokedAt === null ? (
                <span className="form-buttons">
                  <button type="button" className="button-secondary" aria-label={t('directory:rotateNamed', { name: connection.name })} onClick={() => onAsk('rotate', connection)}>
                    {t('directory:rotate')}
                  </button>
                  <button type="button" className="button-secondary" aria-label={t('directory:revokeNamed', { name: connection.name })} onClick={() => onAsk('revoke', connection)}>
                    {t('directory:revoke')}
                  </button>
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GroupTable({ groups, onSaved }: { groups: readonly DirectoryGroup[]; onSaved: () => void }) {
  const t = useDirectoryTexts();
  const options = useLoaded(loadGrantOptions, 'directory-grant-options');
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  if (groups.length === 0) return <p className="tokens-empty">{t('directory:noGroups')}</p>;
  return (
    <>
      <table className="data-table" data-testid="group-table">
        <thead>
          <tr>
            <th scope="col">{t('directory:group')}</th>
            <th scope="col">{t('directory:members')}</th>
            <th scope="col">{t('directory:role')}</th>
            <th scope="col">{t('directory:sites')}</th>
            <th scope="col" className="data-table__actions">
              <span className="visually-hidden">{t('directory:edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.id} data-testid="group-row" data-group-name={group.displayName}>
              <th scope="row" className="data-table__name">
                {group.displayName}
              </th>
              <td data-label={t('directory:members')}>{group.members}</td>
              <td data-label={t('directory:role')}>{group.role ?? t('directory:noRole')}</td>
              <td data-label={t('directory:sites')}>{t('directory:siteCount', { count: group.sites.length })}</td>
              <td className="data-table__actions">
                <button type="button" className="button-secondary" aria-label={t('directory:editNamed', { name: group.displayName })} onClick={() => setEditing(group.id)}>
                  {t('directory:edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing !== null && options.state.status === 'ready' ? (
        <GroupEditor
          key={editing}
          group={groups.find((group) => group.id === editing)!}
          options={options.state.value}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              setNotice({ text: t('directory:saved', { name: saved.displayName, role: saved.role ?? t('directory:noRole') }), error: false });
              onSaved();
            }
          }}
        />
      ) : null}
      <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="group-notice">
        {notice?.text ?? ''}
      </p>
    </>
  );
}

function GroupEditor({ group, options, onDone }: { group: DirectoryGroup; options: GrantOptions; onDone: (saved: DirectoryGroup | null) => void }) {
  const t = useDirectoryTexts();
  const id = useId();
  const [role, setRole] = useState<Role | ''>(group.role ?? '');
  const [sites, setSites] = useState<Set<string>>(new Set(group.sites));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      onDone(await mapGroup(group.id, { role: role === '' ? null : role, sites: role === '' ? [] : [...sites] }));
    } catch (failure) {
      setError(t('directory:failed', { message: describeError(failure) }));
      setBusy(false);
    }
  }
  return (
    <form className="token-form directory-group-editor" onSubmit={(event) => void submit(event)} data-testid="group-editor" aria-label={t('directory:editNamed', { name: group.displayName })}>
      <h3>{group.displayName}</h3>
      <div className="token-form__field">
        <label htmlFor={`${id}-role`}>{t('directory:role')}</label>
        <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as Role | '')}>
          <option value="">{t('directory:noRole')}</option>
          {options.roles.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      {role === '' ? null : <SiteChoices sites={options.sites} chosen={sites} onChange={setSites} />}
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="form-buttons">
        <button type="submit" disabled={busy}>
          {t('directory:save')}
        </button>
        <button type="button" className="button-secondary" onClick={() => onDone(null)}>
          {t('directory:cancel')}
        </button>
      </div>
    </form>
  );
}
