import type { MouseEvent } from 'react';
import { hrefFor, navigate } from '../../app/router.js';

/**
 * A link to the on-call page from the pages about alarms (the alarm list, the escalation policies). The
 * page has no menu entry of its own: the shell's first paint has no room for one (its budget is full).
 */
export function OnCallLink({ text }: { text: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate('/oncall');
  };
  return (
    <a href={hrefFor('/oncall')} onClick={follow} data-testid="oncall-link">
      {text}
    </a>
  );
}
