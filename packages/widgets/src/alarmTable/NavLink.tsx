/** A link to another page of the host (alarm list <-> map): `varde-navigate` first, so a single-page host can route itself. */
import type { ReactNode, RefObject } from 'react';
import { emitVardeEvent } from '../shared/events.js';
import type { NavigateDetail } from './events.js';

export function NavLink(props: {
  href: string;
  rootRef: RefObject<HTMLElement | null>;
  onNavigate?: ((detail: NavigateDetail) => boolean | void) | undefined;
  className?: string;
  part?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={props.className}
      part={props.part}
      href={props.href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        const detail = { href: props.href };
        const allowed = emitVardeEvent(props.rootRef.current, 'varde-navigate', detail, { cancelable: true });
        if (!allowed || props.onNavigate?.(detail) === false) event.preventDefault();
      }}
    >
      {props.children}
    </a>
  );
}
