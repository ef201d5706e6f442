import type { ReactNode } from 'react';

/** An expansion panel (native details/summary: keyboard and screen readers for free). */
export function Panel({ title, name, open = true, children }: { title: string; name: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="varde-ml-explorer__panel" open={open} data-panel={name} part={`panel-${name}`}>
      <summary>{title}</summary>
      <div className="varde-ml-explorer__panel-body">{children}</div>
    </details>
  );
}
