import { useId, useState, type FormEvent } from 'react';
import { describeError } from '@varde/core';
import { roles, type EscalationChannel, type OnCallSchedule } from '@varde/core/contract';
import { useOnCallTexts } from '../onCall/useOnCallTexts.js';
import { PolicySites } from './PolicySites.js';
import { ALARM_CLASSES, TARGET_KINDS, targetOf, targetText, type PolicyDraft, type TargetKind } from './policyDraft.js';

const CHANNELS: EscalationChannel[] = ['sms', 'mail'];

export interface PolicyFormProps {
  initial: PolicyDraft;
  schedules: readonly OnCallSchedule[];
  /** E-mails offered for a person (the schedules' and policies' people); any other can be typed. */
  people: readonly string[];
  onSave: (draft: PolicyDraft) => Promise<void>;
  onCancel: () => void;
}

/**
 * The escalation policy editor: name, alarm classes, sites (all, or those ticked), steps (delay, whom to
 * tell, by which channels), repeat. The cloud checks the whole policy; its `detail` (naming the field) is shown under the form.
 */
export function PolicyForm({ initial, schedules, people, onSave, onCancel }: PolicyFormProps) {
  const t = useOnCallTexts();
  const id = useId();
  const [draft, setDraft] = useState<PolicyDraft>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const update = (change: Partial<PolicyDraft>) => setDraft((current) => ({ ...current, ...change }));
  const updateStep = (index: number, change: Partial<PolicyDraft['steps'][number]>) =>
    setDraft((current) => ({ ...current, steps: current.steps.map((step, position) => (position === index ? { ...step, ...change } : step)) }));
  const toggle = <T,>(list: readonly T[], value: T, on: boolean) => (on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A policy bound to no site would never start: said here, before the cloud is asked.
    if (draft.sites !== null && draft.sites.length === 0) {
      setError(t('onCall:chooseSites'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSave(draft);
    } catch (failure) {
      setError(t('onCall:failed', { message: describeError(failure) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="policy-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} data-testid="policy-form">
      <h3 id={`${id}-title`}>{initial.name ? t('onCall:editPolicyNamed', { name: initial.name }) : t('onCall:newPolicy')}</h3>
      <label className="oncall-field">
        <span>{t('onCall:policyName')}</span>
        <input value={draft.name} onChange={(event) => update({ name: event.currentTarget.value })} maxLength={80} required name="name" />
      </label>
      <fieldset>
        <legend>{t('onCall:classes')}</legend>
        <div className="policy-checks">
          {ALARM_CLASSES.map((alarmClass) => (
            <label key={alarmClass}>
              <input type="checkbox" checked={draft.priorities.includes(alarmClass)} onChange={(event) => update({ priorities: toggle(draft.priorities, alarmClass, event.currentTarget.checked) })} />
              {alarmClass}
            </label>
          ))}
        </div>
      </fieldset>
      <PolicySites
        value={draft.sites}
        onChange={(sites) => {
          update({ sites });
          if (sites === null || sites.length > 0) setError('');
        }}
      />
      <fieldset>
        <legend>{t('onCall:stepsTitle')}</legend>
        {draft.steps.map((step, index) => (
          <fieldset key={index} data-testid="policy-step">
            <legend>{t('onCall:stepNumber', { number: index + 1 })}</legend>
            <label className="oncall-field">
              <span>{t('onCall:afterMinutes')}</span>
              <input
                type="number"
                className="policy-number"
                min={0}
                max={1440}
                step={1}
                value={step.afterMinutes}
                onChange={(event) => updateStep(index, { afterMinutes: Number(event.currentTarget.value) })}
                name={`step-${index}-after`}
              />
            </label>
            <div role="group" aria-label={t('onCall:targets')}>
              <span className="oncall-field"><span>{t('onCall:targets')}</span></span>
              <ul className="policy-targets" data-testid="step-targets">
                {step.targets.map((target, position) => {
                  const text = targetText(target, schedules, t);
                  return (
                    <li key={position}>
                      <span>{text}</span>
                      <button
                        type="button"
                        className="button-secondary"
                        aria-label={t('onCall:removeTarget', { target: text })}
                        onClick={() => updateStep(index, { targets: step.targets.filter((_, other) => other !== position) })}
                      >
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
              <TargetAdder number={index + 1} schedules={schedules} people={people} onAdd={(target) => updateStep(index, { targets: [...step.targets, target] })} />
            </div>
            <fieldset>
              <legend>{t('onCall:channels')}</legend>
              <div className="policy-checks">
                {CHANNELS.map((channel) => (
                  <label key={channel}>
                    <input type="checkbox" checked={step.channels.includes(channel)} onChange={(event) => updateStep(index, { channels: toggle(step.channels, channel, event.currentTarget.checked) })} />
                    {t(`onCall:channel_${channel}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            {draft.steps.length > 1 ? (
              <div>
                <button type="button" className="button-secondary" onClick={() => update({ steps: draft.steps.filter((_, other) => other !== index) })}>
                  {t('onCall:removeStep', { number: index + 1 })}
                </button>
              </div>
            ) : null}
          </fieldset>
        ))}
        <div>
          <button
            type="button"
            className="button-secondary"
            onClick={() => update({ steps: [...draft.steps, { afterMinutes: (draft.steps.at(-1)?.afterMinutes ?? 0) + 5, targets: [], channels: ['sms', 'mail'] }] })}
          >
            {t('onCall:addStep')}
          </button>
        </div>
      </fieldset>
      <div className="oncall-form__fields">
        <label className="oncall-field">
          <span>{t('onCall:repeat')}</span>
          <input type="number" className="policy-number" min={0} max={10} value={draft.repeat} onChange={(event) => update({ repeat: Number(event.currentTarget.value) })} name="repeat" />
        </label>
        <label className="oncall-field">
          <span>{t('onCall:repeatAfter')}</span>
          <input type="number" className="policy-number" min={0} max={1440} value={draft.repeatAfterMinutes} onChange={(event) => update({ repeatAfterMinutes: Number(event.currentTarget.value) })} name="repeatAfter" />
        </label>
      </div>
      <p className="form-error" role="alert" data-testid="policy-error">
        {error}
      </p>
      <div className="oncall-buttons">
        <button type="submit" disabled={busy}>
          {t('onCall:save')}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel} disabled={busy}>
          {t('onCall:cancel')}
        </button>
      </div>
    </form>
  );
}

/** Picks a kind of target and whom (a person's e-mail, a schedule, a role) and adds it to one step. */
function TargetAdder({ number, schedules, people, onAdd }: { number: number; schedules: readonly OnCallSchedule[]; people: readonly string[]; onAdd: (target: ReturnType<typeof targetOf>) => void }) {
  const t = useOnCallTexts();
  const id = useId();
  const [kind, setKind] = useState<TargetKind>(schedules.length > 0 ? 'schedule' : 'user');
  const [value, setValue] = useState('');
  const chosen = value || (kind === 'schedule' || kind === 'backup' ? (schedules[0]?.id ?? '') : kind === 'role' ? 'Admin' : '');
  return (
    <div className="policy-target-add">
      <label className="oncall-field">
        <span>{t('onCall:targetKind')}</span>
        <select
          value={kind}
          onChange={(event) => {
            setKind(event.currentTarget.value as TargetKind);
            setValue('');
          }}
          aria-label={`${t('onCall:targetKind')} (${t('onCall:stepNumber', { number })})`}
        >
          {TARGET_KINDS.filter((option) => (option === 'schedule' || option === 'backup' ? schedules.length > 0 : true)).map((option) => (
            <option key={option} value={option}>
              {t(`onCall:targetKind_${option}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="oncall-field">
        <span>{t('onCall:targetValue')}</span>
        {kind === 'user' ? (
          <>
            <input type="email" list={`${id}-people`} value={value} onChange={(event) => setValue(event.currentTarget.value)} aria-label={`${t('onCall:targetValue')} (${t('onCall:stepNumber', { number })})`} />
            <datalist id={`${id}-people`}>
              {people.map((person) => (
                <option key={person} value={person} />
              ))}
            </datalist>
          </>
        ) : (
          <select value={chosen} onChange={(event) => setValue(event.currentTarget.value)} aria-label={`${t('onCall:targetValue')} (${t('onCall:stepNumber', { number })})`}>
            {kind === 'role'
              ? roles.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))
              : schedules.map((schedule) => (
                  <option key={schedule.id} value={schedule.id}>
                    {schedule.name}
                  </option>
                ))}
          </select>
        )}
      </label>
      <button
        type="button"
        className="button-secondary"
        disabled={!chosen.trim()}
        onClick={() => {
          onAdd(targetOf(kind, chosen.trim()));
          setValue('');
        }}
      >
        {t('onCall:addTargetTo', { number })}
      </button>
    </div>
  );
}
