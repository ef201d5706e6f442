import { useState } from 'react';
import { createEscalationPolicy, deleteEscalationPolicy, describeError, listEscalationPolicies, listSchedules, replaceEscalationPolicy } from '@varde/core';
import type { EscalationPolicy, OnCallSchedule } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { ConfirmDialog } from '../accessTokens/ConfirmDialog.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { OnCallLink } from '../onCall/OnCallLink.js';
import { useOnCallTexts } from '../onCall/useOnCallTexts.js';
import { PolicyForm } from './PolicyForm.js';
import { draftOf, emptyDraft, inputOf, targetText, valueOf, type PolicyDraft } from './policyDraft.js';
import '../accessTokens/accessTokensStyles.js';
import '../onCall/onCallStyles.js';

async function loadPolicies() {
  const [policies, schedules] = await Promise.all([listEscalationPolicies(session.http), listSchedules(session.http)]);
  return { policies, schedules };
}

/**
 * Escalation policies beside the rule editor (/notifications, issue 35): each policy's classes, sites,
 * steps and repeat; a new one, editing and deleting (asked first). What the cloud refuses is shown
 * with its `detail`.
 */
export function EscalationPolicies() {
  const t = useOnCallTexts();
  const { state, reload } = useLoaded(loadPolicies, 'policies');
  const [editing, setEditing] = useState<{ policy: EscalationPolicy | null } | null>(null);
  const [deleting, setDeleting] = useState<EscalationPolicy | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function save(draft: PolicyDraft) {
    const saved = editing?.policy ? await replaceEscalationPolicy(session.http, editing.policy.id, inputOf(draft)) : await createEscalationPolicy(session.http, inputOf(draft));
    setEditing(null);
    setNotice({ text: t('onCall:policySaved', { name: saved.name }), error: false });
    reload();
  }

  async function remove(policy: EscalationPolicy) {
    setBusy(true);
    try {
      await deleteEscalationPolicy(session.http, policy.id);
      setNotice({ text: t('onCall:policyDeleted', { name: policy.name }), error: false });
      reload();
    } catch (error) {
      setNotice({ text: t('onCall:failed', { message: describeError(error) }), error: true });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const people = (schedules: readonly OnCallSchedule[], policies: readonly EscalationPolicy[]) => [
    ...new Set([
      ...schedules.flatMap((schedule) => schedule.layers.flatMap((layer) => layer.users)),
      ...policies.flatMap((policy) => policy.steps.flatMap((step) => step.targets.filter((target) => 'user' in target).map(valueOf))),
    ]),
  ];

  return (
    <section className="policies" aria-labelledby="policies-title" data-testid="escalation-policies">
      <h2 id="policies-title">{t('onCall:policies')}</h2>
      <p className="oncall-intro">{t('onCall:policiesIntro')}</p>
      <p>
        <OnCallLink text={t('onCall:schedulesLink')} />
      </p>
      {state.status === 'loading' ? (
        <p role="status">{t('onCall:loading')}</p>
      ) : state.status === 'error' ? (
        <div role="alert" className="form-error">
          <p>{t('onCall:loadFailed', { message: state.message })}</p>
          <button type="button" onClick={reload}>
            {t('onCall:retry')}
          </button>
        </div>
      ) : (
        <>
          {editing ? (
            <PolicyForm
              key={editing.policy?.id ?? 'new'}
              initial={editing.policy ? draftOf(editing.policy) : emptyDraft()}
              schedules={state.value.schedules}
              people={people(state.value.schedules, state.value.policies)}
              onSave={save}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <p>
              <button type="button" onClick={() => setEditing({ policy: null })} data-testid="new-policy">
                {t('onCall:newPolicy')}
              </button>
            </p>
          )}
          {state.value.policies.length === 0 ? <p className="oncall-muted">{t('onCall:noPolicies')}</p> : null}
          {state.value.policies.map((policy) => (
            <PolicyCard key={policy.id} policy={policy} schedules={state.value.schedules} onEdit={() => setEditing({ policy })} onDelete={() => setDeleting(policy)} />
          ))}
        </>
      )}
      <p className={notice?.error ? 'form-error' : 'form-notice'} role="status" data-testid="policies-notice">
        {notice?.text ?? ''}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        title={t('onCall:deleteTitle')}
        text={deleting ? t('onCall:deleteQuestion', { name: deleting.name }) : ''}
        confirmLabel={t('onCall:deletePolicy')}
        cancelLabel={t('onCall:cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function PolicyCard({ policy, schedules, onEdit, onDelete }: { policy: EscalationPolicy; schedules: readonly OnCallSchedule[]; onEdit: () => void; onDelete: () => void }) {
  const t = useOnCallTexts();
  return (
    <article className="policy-card" data-testid="policy" data-policy-name={policy.name}>
      <h3>{policy.name}</h3>
      <p className="oncall-muted">
        {t('onCall:classes')}: {policy.priorities.join(', ')} · {policy.sites === null ? t('onCall:allSites') : t('onCall:siteCount', { count: policy.sites.length })} ·{' '}
        {policy.repeat > 0 ? t('onCall:repeatSummary', { count: policy.repeat }) : t('onCall:noRepeat')}
      </p>
      <ol>
        {policy.steps.map((step, index) => (
          <li key={index}>
            {t('onCall:stepSummary', {
              minutes: step.afterMinutes,
              targets: step.targets.map((target) => targetText(target, schedules, t)).join(', '),
              channels: step.channels.map((channel) => t(`onCall:channel_${channel}`)).join(' + '),
            })}
          </li>
        ))}
      </ol>
      <div className="oncall-buttons">
        <button type="button" className="button-secondary" onClick={onEdit} aria-label={t('onCall:editPolicyNamed', { name: policy.name })}>
          {t('onCall:editPolicy')}
        </button>
        <button type="button" className="button-secondary" onClick={onDelete} aria-label={t('onCall:deletePolicyNamed', { name: policy.name })}>
          {t('onCall:deletePolicy')}
        </button>
      </div>
    </article>
  );
}
