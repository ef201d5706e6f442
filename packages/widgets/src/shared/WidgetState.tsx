/**
 * The one way a widget says what state its data is in, instead of a spinner for ever or old data shown
 * as live: loading (and, past a limit, that it is taking long), empty, refused (403: which access is
 * missing), failed (with a retry), stale (a site or the cloud unreachable: why, and how old what is shown
 * is; the age counts on by itself). The signed-out state is SignedOutPrompt. Styles: widgetStateStyles.ts,
 * appended to the styles of each widget that uses it.
 */
import { useEffect, useState } from 'react';
import { formatRelativeTime } from '@varde/core';
import { useWidgetTranslation } from './useWidgetTranslation.js';
import { widgetStateStrings } from './widgetStateStrings.js';

/** A widget still loading after this long says so (and offers a retry when it can). */
export const SLOW_AFTER_MS = 10_000;

export type WidgetStateProps =
  | { kind: 'loading'; text?: string; slowAfterMs?: number; onRetry?: () => void }
  | { kind: 'empty'; text: string }
  | { kind: 'refused'; missing: string }
  | { kind: 'failed'; detail: string; onRetry?: () => void }
  | { kind: 'stale'; since: number; reason: string };

/** Re-renders every `ms` while `on` (the stale age, the loading limit). */
function useTicking(on: boolean, ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [on, ms]);
  return now;
}

export function WidgetState(props: WidgetStateProps) {
  const { t, language } = useWidgetTranslation(widgetStateStrings);
  const [shownAt, setShownAt] = useState(() => Date.now());
  const now = useTicking(props.kind === 'loading' || props.kind === 'stale', 1000);
  const retry = (onRetry: (() => void) | undefined) =>
    onRetry ? (
      // A retry starts the loading clock again: the new attempt gets its own 10 s before "taking long".
      <button type="button" className="varde-state__retry" part="retry" onClick={() => { setShownAt(Date.now()); onRetry(); }}>
        {t('retry')}
      </button>
    ) : null;

  switch (props.kind) {
    case 'loading': {
      const slow = now - shownAt >= (props.slowAfterMs ?? SLOW_AFTER_MS);
      return (
        <div className="varde-state" part="state" data-state={slow ? 'slow' : 'loading'} role="status" aria-live="polite">
          <span className="varde-state__spinner" aria-hidden="true" />
          <span>{slow ? t('slow') : (props.text ?? t('loading'))}</span>
          {slow ? retry(props.onRetry) : null}
        </div>
      );
    }
    case 'empty':
      return (
        <div className="varde-state" part="state" data-state="empty">
          <span>{props.text}</span>
        </div>
      );
    case 'refused':
      return (
        <div className="varde-state varde-state--warning" part="state" data-state="refused" role="status">
          <span>{t('refused', { missing: props.missing })}</span>
        </div>
      );
    case 'failed':
      return (
        <div className="varde-state varde-state--error" part="state" data-state="failed" role="alert">
          <span>{t('failed', { detail: props.detail })}</span>
          {retry(props.onRetry)}
        </div>
      );
    case 'stale':
      return (
        <div className="varde-state varde-state--warning" part="state" data-state="stale" data-since={props.since} role="status">
          <span>{t('stale', { age: formatRelativeTime(props.since, Math.max(now, props.since), language), reason: props.reason })}</span>
        </div>
      );
  }
}
