import { i18n } from '@varde/core';
import type { OnCallSchedule, OnCallSpan } from '@varde/core/contract';
import { timeIn } from './onCallTimes.js';
import { useOnCallTexts } from './useOnCallTexts.js';

/** The signed-in person's shifts over every schedule's next 14 days, soonest first. */
export function MyShifts({ me, timelines }: { me: string | null; timelines: ReadonlyArray<{ schedule: OnCallSchedule; spans: readonly OnCallSpan[] }> }) {
  const t = useOnCallTexts();
  const mine = timelines
    .flatMap(({ schedule, spans }) => spans.filter((span) => me !== null && span.user.toLowerCase() === me.toLowerCase()).map((span) => ({ schedule, span })))
    .sort((a, b) => Date.parse(a.span.from) - Date.parse(b.span.from));
  return (
    <section className="oncall-panel" aria-labelledby="my-shifts-title" data-testid="my-shifts">
      <h2 id="my-shifts-title">{t('onCall:myShifts')}</h2>
      {mine.length === 0 ? (
        <p className="oncall-muted">{t('onCall:noShifts')}</p>
      ) : (
        <ul className="oncall-myshifts">
          {mine.map(({ schedule, span }) => (
            <li key={`${schedule.id}|${span.from}`}>
              {t('onCall:shiftOf', { schedule: schedule.name, from: timeIn(span.from, i18n.language, schedule.timeZone), to: timeIn(span.to, i18n.language, schedule.timeZone) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
