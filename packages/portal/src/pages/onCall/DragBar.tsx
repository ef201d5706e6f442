import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { browserOffsetMs, instantAt, snappedSpan, snapStepMs } from './dragSpan.js';

/** Less movement than this (px) is a tap or the start of a scroll, not a span. */
const MIN_DRAG_PX = 4;

export interface DragBarProps {
  /** The instant at the bar's left edge and how long the bar shows (ms). */
  start: number;
  windowMs: number;
  /** A span chosen earlier (shown as the band until it is used or let go). */
  selected: { from: number; to: number } | null;
  onSelect: (span: { from: number; to: number }) => void;
  children: ReactNode;
}

/**
 * A schedule's 14-day bar on which pressing and dragging (mouse, pen or touch: pointer events) picks a span,
 * snapped to half or whole hours, shown as a band; Escape drops it. It is for pointers only (aria-hidden):
 * keyboard users pick the same span with the override form's fields.
 */
export function DragBar({ start, windowMs, selected, onSelect, children }: DragBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ pointer: number; x: number; a: number; b: number; moved: boolean } | null>(null);

  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrag(null);
    };
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [dragging]);

  const at = (clientX: number) => {
    const rect = bar.current!.getBoundingClientRect();
    return instantAt((clientX - rect.left) / rect.width, start, windowMs);
  };
  const spanOf = (a: number, b: number) => snappedSpan(a, b, start, windowMs, snapStepMs(bar.current?.clientWidth ?? 0, windowMs), browserOffsetMs(Math.min(a, b)));

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const instant = at(event.clientX);
    setDrag({ pointer: event.pointerId, x: event.clientX, a: instant, b: instant, moved: false });
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    setDrag({ ...drag, b: at(event.clientX), moved: drag.moved || Math.abs(event.clientX - drag.x) >= MIN_DRAG_PX });
  };
  const up = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    setDrag(null);
    if (drag.moved) onSelect(spanOf(drag.a, at(event.clientX)));
  };

  const band = drag?.moved ? spanOf(drag.a, drag.b) : drag ? null : selected;
  return (
    <div
      ref={bar}
      className={`oncall-bar oncall-bar--drag${drag ? ' oncall-bar--dragging' : ''}`}
      aria-hidden="true"
      data-testid="timeline-bar"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setDrag(null)}
    >
      {children}
      {band ? (
        <span
          className="oncall-bar__selection"
          data-testid="timeline-selection"
          style={{ left: `${((band.from - start) / windowMs) * 100}%`, width: `${((band.to - band.from) / windowMs) * 100}%` }}
        />
      ) : null}
    </div>
  );
}
