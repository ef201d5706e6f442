import { colorSchemeStore, formatDateTime, formatDayMonth, formatNumber, formatTime, formatValue, type ColorSchemeState } from '@varde/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStoreState } from '../shared/useStoreState.js';
import type uPlot from 'uplot';
import { readSeries, type HistorianTag, type SeriesColumns, type Session } from '@varde/core';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface TrendChartProps {
  session: Session;
  siteUuid: string;
  tags: readonly HistorianTag[];
  /** The UI language: the axis and the legend show times as its users write them (24-hour clock in no and sv). */
  language: string;
  t: WidgetTranslate;
}

/** Tick labels: hours and minutes within two days, day and month over longer periods. */
function timeLabels(language: string, spanMs: number): (seconds: number) => string {
  return spanMs > 2 * 86_400_000 ? (seconds) => formatDayMonth(seconds * 1000, language) : (seconds) => formatTime(seconds * 1000, language);
}

/** The axes' ink: the text colour around the chart (light or dark theme), read when the chart is drawn. */
function axisInk(element: Element): string {
  return getComputedStyle(element).color || '#555';
}

/** The line and its fill per scheme: the light theme's blue is too dim on the dark card (issue 37, item 6). */
const LINE = {
  light: { stroke: '#1f5f8b', fill: 'rgba(31, 95, 139, 0.08)' },
  dark: { stroke: '#7cc4f5', fill: 'rgba(124, 196, 245, 0.14)' },
};
const schemeOf = (state: ColorSchemeState) => state.scheme;

const PERIODS_H = [6, 24, 24 * 7];
const HOUR_MS = 3_600_000;

type Trend = { kind: 'loading' } | { kind: 'failed'; detail: string } | { kind: 'ready'; columns: SeriesColumns };

/** Whether this document can draw on a canvas (not where canvas is blocked or missing). */
function canvasAvailable(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** uPlot (a kept, small canvas chart library) is loaded with the chart, not with the page. */
const loadUplot = () => import('uplot').then((module) => module.default);

/**
 * The trend of one stored tag over a chosen period, drawn with uPlot. Its width follows the box
 * (ResizeObserver), so the chart fits a phone as well as a desktop.
 */
export function TrendChart({ session, siteUuid, tags, language, t }: TrendChartProps) {
  const [tag, setTag] = useState(tags[0]?.tag ?? '');
  // Drawn again when the scheme changes: the line's colour and the axes' ink follow it.
  const scheme = useStoreState(useMemo(() => colorSchemeStore(), []), schemeOf, 'light');
  const [hours, setHours] = useState(24);
  const [trend, setTrend] = useState<Trend>({ kind: 'loading' });
  const [canDraw] = useState(canvasAvailable);
  const box = useRef<HTMLDivElement | null>(null);
  const unit = tags.find((item) => item.tag === tag)?.unit ?? '';

  useEffect(() => {
    const controller = new AbortController();
    setTrend({ kind: 'loading' });
    const to = Date.now();
    readSeries(session.http, siteUuid, tag, { from: to - hours * HOUR_MS, to }, { signal: controller.signal }).then(
      (columns) => setTrend({ kind: 'ready', columns }),
      (error: unknown) => !controller.signal.aborted && setTrend({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [session, siteUuid, tag, hours]);

  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw || trend.kind !== 'ready' || trend.columns.times.length === 0) return;
    let chart: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void loadUplot().then((UPlot) => {
      if (cancelled) return;
      const width = () => Math.max(240, element.clientWidth);
      const { times, values } = trend.columns;
      const tick = timeLabels(language, times.at(-1)! - times[0]!);
      chart = new UPlot(
        {
          width: width(),
          height: 240,
          series: [
            { label: t('time'), value: (_chart, seconds) => (seconds === null ? '–' : formatDateTime(seconds * 1000, language)) },
            {
              label: `${tag} (${unit})`,
              stroke: LINE[scheme].stroke,
              width: 2,
              fill: LINE[scheme].fill,
              value: (_chart, value) => (value === null ? '–' : formatValue(value, unit, language)),
            },
          ],
          // The value axis says its unit (issue 26, item 8); its numbers in the language's format.
          axes: [
            { values: (_chart, splits) => splits.map(tick), stroke: axisInk(element) },
            { size: 64, label: unit, labelSize: 18, stroke: axisInk(element), values: (_chart, splits) => splits.map((value) => formatNumber(value, language)) },
          ],
          legend: { show: true },
        },
        [times.map((ms) => ms / 1000), values],
        element,
      );
      if (typeof ResizeObserver === 'function') {
        resize = new ResizeObserver(() => chart?.setSize({ width: width(), height: 240 }));
        resize.observe(element);
      }
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [trend, tag, unit, language, t, canDraw, scheme]);

  return (
    <section className="varde-site-page__card" aria-labelledby="varde-site-trend" part="trend">
      <h2 id="varde-site-trend" className="varde-site-page__heading">{t('trend')}</h2>
      <div className="varde-site-page__controls">
        <label>
          <span>{t('trendTag')}</span>
          <select value={tag} onChange={(event) => setTag(event.currentTarget.value)} data-field="trend-tag">
            {tags.map((item) => (
              <option key={item.tag} value={item.tag}>
                {item.tag} ({item.unit})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('trendHours')}</span>
          <select value={hours} onChange={(event) => setHours(Number(event.currentTarget.value))} data-field="trend-hours">
            {PERIODS_H.map((value) => (
              <option key={value} value={value}>
                {t('hours', { count: value })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {trend.kind === 'failed' ? <p role="alert">{t('trendFailed', { detail: trend.detail })}</p> : null}
      {trend.kind === 'ready' && trend.columns.times.length === 0 ? <p>{t('noTrend')}</p> : null}
      {trend.kind === 'ready' && trend.columns.times.length > 0 && !canDraw ? <p>{t('noCanvas')}</p> : null}
      <div
        ref={box}
        className="varde-site-page__chart"
        role="img"
        aria-label={t('trendOf', { tag, unit, hours })}
        aria-busy={trend.kind === 'loading' ? true : undefined}
        data-points={trend.kind === 'ready' ? trend.columns.times.length : undefined}
      />
    </section>
  );
}
