import { useCallback, useEffect, useState } from 'react';
import {
  deleteSiteRules,
  draftOf,
  getSiteRules,
  listRuleUsers,
  newRuleDraft,
  ruleFailureText,
  saveSiteRules,
  getRuleLog,
  testRule,
  testRuleDraft,
  withoutRule,
  withRule,
  type HttpClient,
  type RuleDraft,
  type RuleTestOutcome,
} from '@varde/core';
import type { NotificationRule, NotificationRules, RuleUser, Site } from '@varde/core/contract';
import type { RulesChangeDetail, RuleTestDetail } from './events.js';
import { RuleIcon } from './icons.js';
import { Modal } from './Modal.js';
import { RuleDialog } from './RuleDialog.js';
import { LogDialog } from './LogDialog.js';
import { TestDialog } from './TestDialog.js';

type Dialog =
  /** `testing`: the draft being tested, shown over the still open rule dialog (so an unsaved draft is kept). */
  | { kind: 'rule'; draft: RuleDraft; stored: NotificationRule | null; testing?: NotificationRule }
  | { kind: 'test'; ruleId: string }
  | { kind: 'log'; ruleId: string }
  | { kind: 'delete'; ruleId: string }
  | { kind: 'delete-all' };

export interface SiteRulesProps {
  site: Site;
  http: HttpClient;
  t(key: string, values?: Record<string, unknown>): string;
  language: string;
  snack(text: string, tone: 'success' | 'error'): void;
  onChange(detail: RulesChangeDetail): void;
  onTested(detail: RuleTestDetail): void;
}

/** One site's rules (shown when its row is expanded): the rule table, new rule, delete all, and the dialogs. */
export function SiteRules({ site, http, t, language, snack, onChange, onTested }: SiteRulesProps) {
  const [rules, setRules] = useState<NotificationRules | null>(null);
  const [users, setUsers] = useState<RuleUser[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getSiteRules(http, site.uuid).then(
      (loaded) => live && setRules(loaded),
      (error: unknown) => live && setLoadError(ruleFailureText(error)),
    );
    listRuleUsers(http, site.uuid).then(
      (loaded) => live && setUsers(loaded),
      () => live && setUsers([]),
    );
    return () => {
      live = false;
    };
  }, [http, site.uuid]);

  const write = useCallback(
    async (next: NotificationRules | null, action: RulesChangeDetail['action'], ruleId?: string) => {
      setBusy(true);
      try {
        const stored = next === null ? (await deleteSiteRules(http, site.uuid), {}) : await saveSiteRules(http, site.uuid, next);
        setRules(stored);
        setDialog(null);
        snack(action === 'delete-all' ? t('allDeleted') : t('saved'), 'success');
        onChange({ siteUuid: site.uuid, action, ruleCount: Object.keys(stored).length, ...(ruleId ? { ruleId } : {}) });
      } catch (error) {
        snack(ruleFailureText(error), 'error');
      } finally {
        setBusy(false);
      }
    },
    [http, site.uuid, snack, onChange, t],
  );

  // A rule as people read it: its name, and what it does (channels, minutes, users); never its id, which
  // is for machines: the rule dialog shows the id, and the row's tooltip (issue 26, item 8).
  const summaryOf = (rule: NotificationRule) =>
    t('ruleLabel', { channels: rule.channeltype.map((channel) => t(channel)).join(' + '), threshold: rule.threshold, count: rule.users.length });
  const labelOf = (ruleId: string, draft?: NotificationRule) => {
    const rule = draft ?? rules?.[ruleId];
    if (!rule) return ruleId;
    // A cloud from before rule names answers none: the summary stands in.
    return rule.name ?? summaryOf(rule);
  };
  const userName = (uid: string) => users?.find((user) => user.uid === uid)?.name ?? uid;
  const list = rules ? Object.values(rules) : [];

  return (
    <div className="varde-rule-editor__site-rules" data-site-rules={site.uuid}>
      <div className="varde-rule-editor__toolbar">
        <sl-button
          size="small"
          variant="primary"
          data-action="new-rule"
          disabled={rules === null}
          onClick={() => setDialog({ kind: 'rule', draft: newRuleDraft(site.uuid), stored: null })}
        >
          {t('newRule')}
        </sl-button>
        <sl-button
          size="small"
          variant="danger"
          outline
          data-action="delete-all"
          disabled={list.length === 0}
          onClick={() => setDialog({ kind: 'delete-all' })}
        >
          {t('deleteAll')}
        </sl-button>
      </div>

      {loadError ? <p className="varde-rule-editor__error" role="alert">{loadError}</p> : null}
      {rules === null && !loadError ? <p className="varde-rule-editor__muted">{t('loading')}</p> : null}
      {rules !== null && list.length === 0 ? (
        <p className="varde-rule-editor__empty" data-empty="rules">
          {t('empty')}
        </p>
      ) : null}
      {list.length > 0 ? (
        <table className="varde-rule-editor__rules">
          <thead>
            <tr>
              <th scope="col">{t('rule')}</th>
              <th scope="col">{t('users')}</th>
              <th scope="col">{t('threshold')}</th>
              <th scope="col">{t('channels')}</th>
              <th scope="col">
                <span className="varde-rule-editor__visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((rule) => (
              <tr key={rule.ruleId} data-rule={rule.ruleId}>
                <td data-label={t('rule')} data-cell="name" title={`${t('ruleId')}: ${rule.ruleId}`}>
                  <span className="varde-rule-editor__rule-name" data-rule-name>{labelOf(rule.ruleId)}</span>
                  {rule.name ? <span className="varde-rule-editor__rule-summary">{summaryOf(rule)}</span> : null}
                </td>
                <td data-label={t('users')} data-cell="users" title={rule.users.map(userName).join(', ')}>
                  {rule.users.length}
                </td>
                <td data-label={t('threshold')} data-cell="threshold">
                  {rule.threshold}
                </td>
                <td data-label={t('channels')} data-cell="channels">
                  <span>
                    {rule.channeltype.map((channel) => (
                      <RuleIcon key={channel} name={channel} label={t(channel)} />
                    ))}
                  </span>
                </td>
                <td className="varde-rule-editor__row-actions">
                  <button type="button" className="varde-rule-editor__icon-button" data-action="edit" aria-label={`${t('edit')} ${labelOf(rule.ruleId)}`}
                    onClick={() => setDialog({ kind: 'rule', draft: draftOf(rule), stored: rule })}>
                    <RuleIcon name="edit" />
                  </button>
                  <button type="button" className="varde-rule-editor__icon-button varde-rule-editor__icon-button--danger" data-action="delete"
                    aria-label={`${t('delete')} ${labelOf(rule.ruleId)}`} onClick={() => setDialog({ kind: 'delete', ruleId: rule.ruleId })}>
                    <RuleIcon name="delete" />
                  </button>
                  <button type="button" className="varde-rule-editor__icon-button" data-action="test" aria-label={`${t('test')} ${labelOf(rule.ruleId)}`}
                    onClick={() => setDialog({ kind: 'test', ruleId: rule.ruleId })}>
                    <RuleIcon name="test" />
                  </button>
                  <button type="button" className="varde-rule-editor__icon-button" data-action="log" aria-label={`${t('log')} ${labelOf(rule.ruleId)}`}
                    onClick={() => setDialog({ kind: 'log', ruleId: rule.ruleId })}>
                    <RuleIcon name="log" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {dialog?.kind === 'rule' ? (
        <RuleDialog
          siteName={site.name}
          initial={dialog.draft}
          stored={dialog.stored}
          users={users}
          saving={busy}
          t={t}
          onCancel={() => setDialog(null)}
          onSave={(rule) => void write(withRule(rules ?? {}, rule), 'save', rule.ruleId)}
          onTest={(rule) => setDialog({ ...dialog, testing: rule })}
        />
      ) : null}
      {dialog?.kind === 'rule' && dialog.testing ? (
        <TestDialog
          ruleId={dialog.testing.ruleId}
          label={labelOf(dialog.testing.ruleId, dialog.testing)}
          t={t}
          run={() => testRuleDraft(http, site.uuid, dialog.testing!)}
          onDone={(outcome) => onTested(testDetail(site.uuid, dialog.testing!.ruleId, outcome))}
          onClose={() => setDialog({ ...dialog, testing: undefined })}
        />
      ) : null}
      {dialog?.kind === 'test' ? (
        <TestDialog
          ruleId={dialog.ruleId}
          label={labelOf(dialog.ruleId)}
          t={t}
          run={() => testRule(http, site.uuid, dialog.ruleId)}
          onDone={(outcome) => onTested(testDetail(site.uuid, dialog.ruleId, outcome))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'log' ? (
        <LogDialog
          ruleId={dialog.ruleId}
          label={labelOf(dialog.ruleId)}
          language={language}
          t={t}
          load={() => getRuleLog(http, site.uuid, dialog.ruleId)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' || dialog?.kind === 'delete-all' ? (
        <Modal
          kind="confirm"
          title={dialog.kind === 'delete' ? t('confirmDeleteTitle') : t('confirmDeleteAllTitle')}
          onClose={() => setDialog(null)}
          footer={
            <>
              <sl-button data-action="cancel" onClick={() => setDialog(null)}>
                {t('cancel')}
              </sl-button>
              <sl-button
                data-action="confirm"
                variant="danger"
                loading={busy}
                onClick={() =>
                  dialog.kind === 'delete'
                    ? void write(withoutRule(rules ?? {}, dialog.ruleId), 'delete', dialog.ruleId)
                    : void write(null, 'delete-all')
                }
              >
                {dialog.kind === 'delete' ? t('delete') : t('deleteAll')}
              </sl-button>
            </>
          }
        >
          <p>
            {dialog.kind === 'delete'
              ? t('confirmDelete', { rule: labelOf(dialog.ruleId) })
              : t('confirmDeleteAll', { count: list.length, site: site.name })}
          </p>
        </Modal>
      ) : null}
    </div>
  );
}

/** The `varde-rule-test` detail of an answered test: its status and, when it answered, how many messages went or were skipped. */
function testDetail(siteUuid: string, ruleId: string, outcome: RuleTestOutcome): RuleTestDetail {
  if (!('data' in outcome)) return { siteUuid, ruleId, status: outcome.status };
  const sent = outcome.data.deliveries.filter((delivery) => delivery.outcome === 'sent').length;
  return { siteUuid, ruleId, status: outcome.status, sent, skipped: outcome.data.deliveries.length - sent };
}
