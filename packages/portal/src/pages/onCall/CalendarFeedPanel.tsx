import { useId, useState } from 'react';
import { calendarFeed, describeError, formatDateTime, i18n, renewCalendarFeed, revokeCalendarFeed } from '@varde/core';
import type { CalendarFeedUrls } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useLoaded } from '../accessTokens/useLoaded.js';
import { useOnCallTexts } from './useOnCallTexts.js';

/**
 * The caller's calendar feed links: made (or made anew) on request and shown only then, as the cloud keeps
 * only a hash of their secret; stopped on request. The URLs live in this component's state only.
 */
export function CalendarFeedPanel() {
  const t = useOnCallTexts();
  const id = useId();
  const { state, reload } = useLoaded(() => calendarFeed(session.http), 'feed');
  const [urls, setUrls] = useState<CalendarFeedUrls | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      reload();
    } catch (error) {
      setNotice({ text: t('onCall:failed', { message: describeError(error) }), error: true });
    } finally {
      setBusy(false);
    }
  }
  const make = () => run(async () => setUrls(await renewCalendarFeed(session.http)));
  const stop = () =>
    run(async () => {
      await revokeCalendarFeed(session.http);
      setUrls(null);
      setNotice({ text: t('onCall:linksRevoked'), error: false });
    });

  const active = state.status === 'ready' && state.value.active;
  return (
    <section className="oncall-panel" aria-labelledby={`${id}-title`} data-testid="calendar-feed">
      <h2 id={`${id}-title`}>{t('onCall:calendar')}</h2>
      <p className="oncall-muted">{t('onCall:calendarIntro')}</p>
      {state.status === 'ready' && !urls ? (
        <p>{active && state.value.createdAt ? t('onCall:calendarActive', { time: formatDateTime(state.value.createdAt, i18n.language) }) : t('onCall:calendarNone')}</p>
      ) : null}
      {urls ? (
        <ul className="oncall-feeds" data-testid="feed-links">
          <FeedLink label={t('onCall:myFeed')} url={urls.me} />
          {urls.schedules.map((schedule) => (
            <FeedLink key={schedule.id} label={t('onCall:scheduleFeed', { name: schedule.name })} url={schedule.url} />
          ))}
        </ul>
      ) : null}
      <div className="oncall-buttons">
        <button type="button" onClick={() => void make()} disabled={busy} data-testid="make-feed-links">
          {active || urls ? t('onCall:renewLinks') : t('onCall:makeLinks')}
        </button>
        {active || urls ? (
          <button type="button" className="button-secondary" onClick={() => void stop()} disabled={busy} data-testid="revoke-feed-links">
            {t('onCall:revokeLinks')}
          </button>
        ) : null}
      </div>
      <p className={notice?.error ? 'form-error' : 'form-notice'} role="status">
        {notice?.text ?? ''}
      </p>
    </section>
  );
}

function FeedLink({ label, url }: { label: string; url: string }) {
  const t = useOnCallTexts();
  const id = useId();
  const [copy, setCopy] = useState('');
  const copyIt = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopy(t('onCall:copied')),
      () => setCopy(t('onCall:copyFailed')),
    );
  return (
    <li className="oncall-feed">
      <label htmlFor={id}>{label}</label>
      <div className="oncall-feed__row">
        <input id={id} type="text" readOnly value={url} className="oncall-feed__url" onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button-secondary" onClick={() => void copyIt()} aria-describedby={id}>
          {t('onCall:copy')}
        </button>
      </div>
      <span role="status" className="oncall-muted">
        {copy}
      </span>
    </li>
  );
}
