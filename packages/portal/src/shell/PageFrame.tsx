import type { ReactNode } from 'react';

export interface PageFrameProps {
  /** The page's h1. Left out only where the page's widget names the page itself (the site page: its site's name, in the frame's title size). */
  title?: ReactNode;
  /** Without a title: the page's accessible name. */
  label?: string;
  /** Beside the title (links, a picker); wraps below it on a phone. */
  actions?: ReactNode;
  /** 'full': no measure (the map, BIM, the controller frame); the left edge stays the same. */
  width?: 'full';
  /** The page's own class, for its styles (e.g. `alarms-page`). */
  className: string;
  testId?: string;
  children?: ReactNode;
}

/**
 * The page frame of every page in the shell (issue 37, item 7): one left edge, width, title size and
 * margins at every window width, so a page's title sits where the previous page's did. Its styles are
 * `.page*` in styles.css (the shell's first paint).
 */
export function PageFrame({ title, label, actions, width, className, testId, children }: PageFrameProps) {
  return (
    <section
      className={`page ${width === 'full' ? 'page--full ' : ''}${className}`}
      aria-labelledby={title === undefined ? undefined : 'page-title'}
      aria-label={title === undefined ? label : undefined}
      data-testid={testId}
    >
      {title === undefined ? null : (
        <header className="page__header">
          <h1 id="page-title" className="page__title">
            {title}
          </h1>
          {actions ? <div className="page__actions">{actions}</div> : null}
        </header>
      )}
      {children}
    </section>
  );
}
