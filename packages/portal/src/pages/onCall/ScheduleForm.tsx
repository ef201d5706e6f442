import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { describeError, listUsers } from '@varde/core';
import { session } from '../../app/session.js';
import { FieldProblem } from './FieldProblem.js';
import { LayerFields } from './LayerFields.js';
import { emptyLayer, fieldProblemsOf, problemAt, timeZones, type ScheduleDraft } from './scheduleDraft.js';
import { useOnCallTexts } from './useOnCallTexts.js';

type Translate = ReturnType<typeof useOnCallTexts>;

/** A field the cloud named, as the form labels it ("Layer 2 · RRULE"); one the form does not show keeps its path. */
function fieldLabel(field: string, draft: ScheduleDraft, t: Translate): string {
  if (field === 'name') return t('onCall:scheduleName');
  if (field === 'timeZone') return t('onCall:scheduleZone');
  const layer = /^layers\.(\d+)\.(users|start|rotation|endTime)(?:\.(\d+))?$/.exec(field);
  if (!layer) return field;
  const custom = draft.layers[Number(layer[1])]?.kind === 'custom';
  const part = { users: 'people', start: 'firstHandOff', rotation: custom ? 'rrule' : 'length', endTime: 'endTime' }[layer[2] as 'users'];
  return `${t('onCall:layerNumber', { number: Number(layer[1]) + 1 })} · ${t(`onCall:${part}`)}${layer[3] === undefined ? '' : ` ${Number(layer[3]) + 1}`}`;
}

export interface ScheduleFormProps {
  initial: ScheduleDraft;
  /** E-mails of the people already in the partner's schedules, offered with the partner's users. */
  known: readonly string[];
  onSave: (draft: ScheduleDraft) => Promise<void>;
  onCancel: () => void;
}

/** The partner's users the editor manages (best effort: a user without the users module gets 403 and picks from `known`). */
function usePartnerPeople(known: readonly string[]): string[] {
  const [users, setUsers] = useState<string[]>([]);
  useEffect(() => {
    const stop = new AbortController();
    listUsers(session.http, { limit: 1000 }, { signal: stop.signal }).then(
      (page) => setUsers(page.data.map((user) => user.username)),
      () => setUsers([]),
    );
    return () => stop.abort();
  }, []);
  return [...new Set([...known, ...users])].sort((a, b) => a.localeCompare(b));
}

/**
 * The schedule editor (issue 35): name, IANA time zone, and one or more layers (rotations). The cloud checks
 * the whole schedule; every field it names is shown at that field, with a summary above the buttons, and
 * the form keeps what was typed. Sites and overrides are not edited here and are sent back as they were.
 */
export function ScheduleForm({ initial, known, onSave, onCancel }: ScheduleFormProps) {
  const t = useOnCallTexts();
  const id = useId();
  const [draft, setDraft] = useState<ScheduleDraft>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const people = usePartnerPeople(known);
  const zones = timeZones(initial.timeZone);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const update = (change: Partial<ScheduleDraft>) => setDraft((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    setProblems(new Map());
    try {
      await onSave(draft);
    } catch (failure) {
      const found = fieldProblemsOf(failure);
      setProblems(found);
      setError(found.size > 0 ? t('onCall:scheduleProblems', { count: found.size }) : t('onCall:failed', { message: describeError(failure) }));
    } finally {
      setBusy(false);
    }
  }

  const described = (field: string) => (problemAt(problems, field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-problem` } : {});
  return (
    <form className="policy-form schedule-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} data-testid="schedule-form" noValidate>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {initial.name ? t('onCall:editScheduleNamed', { name: initial.name }) : t('onCall:newSchedule')}
      </h2>
      <div className="oncall-form__fields">
        <div className="oncall-field schedule-form__name">
          <label htmlFor={`${id}-name`}>{t('onCall:scheduleName')}</label>
          <input id={`${id}-name`} value={draft.name} onChange={(event) => update({ name: event.currentTarget.value })} maxLength={80} name="name" {...described('name')} />
          <FieldProblem id={`${id}-name-problem`} text={problemAt(problems, 'name')} />
        </div>
        <div className="oncall-field">
          <label htmlFor={`${id}-zone`}>{t('onCall:scheduleZone')}</label>
          <input id={`${id}-zone`} value={draft.timeZone} onChange={(event) => update({ timeZone: event.currentTarget.value })} list={`${id}-zones`} name="timeZone" maxLength={64} spellCheck={false} {...described('timeZone')} />
          <datalist id={`${id}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <FieldProblem id={`${id}-timeZone-problem`} text={problemAt(problems, 'timeZone')} />
        </div>
      </div>
      <fieldset>
        <legend>{t('onCall:layers')}</legend>
        <p className="oncall-muted">{t('onCall:laterLayerWins')}</p>
        <FieldProblem id={`${id}-layers-problem`} text={problemAt(problems, 'layers')} />
        {draft.layers.map((layer, index) => (
          <LayerFields
            key={index}
            index={index}
            layer={layer}
            timeZone={draft.timeZone}
            people={people}
            problems={problems}
            onChange={(next) => update({ layers: draft.layers.map((item, position) => (position === index ? next : item)) })}
            onRemove={draft.layers.length > 1 ? () => update({ layers: draft.layers.filter((_, position) => position !== index) }) : null}
          />
        ))}
        <div>
          <button type="button" className="button-secondary" onClick={() => update({ layers: [...draft.layers, emptyLayer()] })}>
            {t('onCall:addLayer')}
          </button>
        </div>
      </fieldset>
      <div className="form-error" role="alert" data-testid="schedule-error">
        {error ? <p>{error}</p> : null}
        {problems.size > 0 ? (
          <ul className="schedule-problems">
            {[...problems].map(([field, detail]) => (
              <li key={field}>
                {fieldLabel(field, draft, t)}: {detail}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="oncall-buttons">
        <button type="submit" disabled={busy}>
          {t('onCall:saveSchedule')}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel} disabled={busy}>
          {t('onCall:cancel')}
        </button>
      </div>
    </form>
  );
}
