import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { describeError, replaceSchedule } from '@varde/core';
import type { OnCallSchedule } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { localInputOf } from './dragSpan.js';
import { localInputToIso } from './onCallTimes.js';
import { useOnCallTexts } from './useOnCallTexts.js';

/** The schedule as a PUT body: what it is now, with `overrides` instead of its own. */
export const scheduleWith = (schedule: OnCallSchedule, overrides: OnCallSchedule['overrides']) => ({
  name: schedule.name, timeZone: schedule.timeZone, sites: schedule.sites, layers: schedule.layers, overrides,
});

/**
 * Adds an override (someone on call instead of every layer, for a while) with a form: who (the schedule's
 * people), from and to in the browser's time. The cloud checks it whole (overlaps, people of another
 * partner) and its `detail` is shown beside the form.
 */
export function OverrideForm({ schedule, preset = null, onSaved }: { schedule: OnCallSchedule; preset?: { from: number; to: number } | null; onSaved: (text: string) => void }) {
  const t = useOnCallTexts();
  const id = useId();
  const people = [...new Set([...schedule.layers.flatMap((layer) => layer.users), ...schedule.overrides.map((item) => item.user)])];
  const [user, setUser] = useState(people[0] ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const who = useRef<HTMLSelectElement>(null);
  // A span dragged on the timeline fills from and to; the person is picked next, so the focus goes there.
  useEffect(() => {
    if (!preset) return;
    setFrom(localInputOf(preset.from));
    setTo(localInputOf(preset.to));
    setError('');
    who.current?.focus();
    who.current?.scrollIntoView({ block: 'nearest' });
  }, [preset]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fromIso = localInputToIso(from);
    const toIso = localInputToIso(to);
    if (!user || !fromIso || !toIso) return setError(t('onCall:overrideMissing'));
    if (Date.parse(toIso) <= Date.parse(fromIso)) return setError(t('onCall:overrideToBeforeFrom'));
    setBusy(true);
    setError('');
    try {
      await replaceSchedule(session.http, schedule.id, scheduleWith(schedule, [...schedule.overrides, { user, from: fromIso, to: toIso }]));
      setFrom('');
      setTo('');
      onSaved(t('onCall:overrideSaved', { user }));
    } catch (failure) {
      setError(t('onCall:failed', { message: describeError(failure) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="oncall-form" onSubmit={(event) => void submit(event)} aria-label={`${t('onCall:addOverride')}: ${schedule.name}`} data-testid="override-form">
      <h4 id={`${id}-title`}>{t('onCall:addOverride')}</h4>
      <div className="oncall-form__fields">
        <label className="oncall-field">
          <span>{t('onCall:overrideUser')}</span>
          <select ref={who} value={user} onChange={(event) => setUser(event.currentTarget.value)} name="user">
            {people.map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </select>
        </label>
        <label className="oncall-field">
          <span>{t('onCall:overrideFrom')}</span>
          <input type="datetime-local" value={from} onChange={(event) => setFrom(event.currentTarget.value)} name="from" required />
        </label>
        <label className="oncall-field">
          <span>{t('onCall:overrideTo')}</span>
          <input type="datetime-local" value={to} onChange={(event) => setTo(event.currentTarget.value)} name="to" required />
        </label>
      </div>
      <div className="oncall-buttons">
        <button type="submit" disabled={busy}>
          {t('onCall:overrideSave')}
        </button>
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
    </form>
  );
}
