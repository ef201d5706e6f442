import { useId, useState } from 'react';
import { moved, problemAt, type LayerDraft, type RotationKind } from './scheduleDraft.js';
import { FieldProblem } from './FieldProblem.js';
import { useOnCallTexts } from './useOnCallTexts.js';

const KINDS: RotationKind[] = ['daily', 'weekly', 'custom'];

export interface LayerFieldsProps {
  index: number;
  layer: LayerDraft;
  timeZone: string;
  /** E-mails offered when adding a person (the partner's users the editor knows of); any other can be typed. */
  people: readonly string[];
  /** The cloud's field problems of the whole schedule (`layers.0.rotation` → why). */
  problems: ReadonlyMap<string, string>;
  onChange: (layer: LayerDraft) => void;
  onRemove: (() => void) | null;
}

/**
 * One layer (a rotation) of the schedule editor: its people in turn order (added from the partner's users,
 * moved up and down, removed), the first hand-off in the schedule's zone, how often it hands off (daily,
 * weekly or an RRULE) and an optional time each shift ends. Each field shows what the cloud said of it.
 */
export function LayerFields({ index, layer, timeZone, people, problems, onChange, onRemove }: LayerFieldsProps) {
  const t = useOnCallTexts();
  const id = useId();
  const number = index + 1;
  const field = (name: string) => `layers.${index}.${name}`;
  const update = (change: Partial<LayerDraft>) => onChange({ ...layer, ...change });
  const [adding, setAdding] = useState('');
  const add = () => {
    const who = adding.trim();
    if (!who) return;
    update({ users: [...layer.users, who] });
    setAdding('');
  };
  const described = (name: string) => (problemAt(problems, field(name)) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-problem` } : {});

  return (
    <fieldset className="schedule-layer" data-testid="schedule-layer">
      <legend>{t('onCall:layerNumber', { number })}</legend>
      <div role="group" aria-labelledby={`${id}-people`}>
        <span className="oncall-field">
          <span id={`${id}-people`}>{t('onCall:peopleOfLayer', { number })}</span>
        </span>
        {layer.users.length === 0 ? <p className="oncall-muted">{t('onCall:noPeopleYet')}</p> : null}
        <ol className="schedule-people" data-testid="layer-people">
          {layer.users.map((user, position) => {
            const problem = problemAt(problems, field(`users.${position}`));
            return (
              <li key={`${user}|${position}`}>
                <span className="schedule-people__who">{user}</span>
                <span className="schedule-people__buttons">
                  <button type="button" className="button-secondary" disabled={position === 0} aria-label={t('onCall:movePersonUp', { user })} onClick={() => update({ users: moved(layer.users, position, -1) })}>
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={position === layer.users.length - 1}
                    aria-label={t('onCall:movePersonDown', { user })}
                    onClick={() => update({ users: moved(layer.users, position, 1) })}
                  >
                    ↓
                  </button>
                  <button type="button" className="button-secondary" aria-label={t('onCall:removePerson', { user })} onClick={() => update({ users: layer.users.filter((_, other) => other !== position) })}>
                    ×
                  </button>
                </span>
                {problem ? <span className="form-error schedule-people__problem">{problem}</span> : null}
              </li>
            );
          })}
        </ol>
        <FieldProblem id={`${id}-users-problem`} text={problemAt(problems, field('users'))} />
        <div className="policy-target-add">
          <div className="oncall-field">
            <label htmlFor={`${id}-add`}>{t('onCall:personEmail')}</label>
            <input
              id={`${id}-add`}
              type="email"
              list={`${id}-people-list`}
              value={adding}
              onChange={(event) => setAdding(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter adds the person instead of saving the whole schedule.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              aria-label={`${t('onCall:personEmail')} (${t('onCall:layerNumber', { number })})`}
              {...described('users')}
            />
            <datalist id={`${id}-people-list`}>
              {people.filter((person) => !layer.users.includes(person)).map((person) => (
                <option key={person} value={person} />
              ))}
            </datalist>
          </div>
          <button type="button" className="button-secondary" disabled={!adding.trim()} onClick={add}>
            {t('onCall:addPersonTo', { number })}
          </button>
        </div>
      </div>
      <div className="oncall-form__fields">
        <div className="oncall-field">
          <label htmlFor={`${id}-start`}>{t('onCall:handOffIn', { zone: timeZone })}</label>
          <input id={`${id}-start`} type="datetime-local" value={layer.start} onChange={(event) => update({ start: event.currentTarget.value })} required {...described('start')} />
          <FieldProblem id={`${id}-start-problem`} text={problemAt(problems, field('start'))} />
        </div>
        <div className="oncall-field">
          <label htmlFor={`${id}-kind`}>{t('onCall:length')}</label>
          <select id={`${id}-kind`} value={layer.kind} onChange={(event) => update({ kind: event.currentTarget.value as RotationKind })} {...(layer.kind === 'custom' ? {} : described('rotation'))}>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`onCall:rotation_${kind}`)}
              </option>
            ))}
          </select>
          {layer.kind === 'custom' ? null : <FieldProblem id={`${id}-rotation-problem`} text={problemAt(problems, field('rotation'))} />}
        </div>
        <div className="oncall-field">
          <label htmlFor={`${id}-end`}>{t('onCall:endTime')}</label>
          <input id={`${id}-end`} type="time" value={layer.endTime} onChange={(event) => update({ endTime: event.currentTarget.value })} {...described('endTime')} />
          <FieldProblem id={`${id}-endTime-problem`} text={problemAt(problems, field('endTime'))} />
        </div>
      </div>
      {layer.kind === 'custom' ? (
        <div className="oncall-field">
          <label htmlFor={`${id}-rrule`}>{t('onCall:rrule')}</label>
          <input
            id={`${id}-rrule`}
            value={layer.rrule}
            onChange={(event) => update({ rrule: event.currentTarget.value })}
            required
            maxLength={500}
            spellCheck={false}
            className="schedule-rrule"
            placeholder="FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
            aria-describedby={`${id}-rrule-help${problemAt(problems, field('rotation')) ? ` ${id}-rotation-problem` : ''}`}
            aria-invalid={problemAt(problems, field('rotation')) ? true : undefined}
          />
          <span id={`${id}-rrule-help`} className="oncall-muted">
            {t('onCall:rruleHelp')}
          </span>
          <FieldProblem id={`${id}-rotation-problem`} text={problemAt(problems, field('rotation'))} />
        </div>
      ) : null}
      <p className="oncall-muted">{t('onCall:endTimeHelp')}</p>
      {onRemove ? (
        <div>
          <button type="button" className="button-secondary" onClick={onRemove}>
            {t('onCall:removeLayer', { number })}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
