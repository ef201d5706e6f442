import type { MouseEvent } from 'react';
import { hrefFor, navigate, useLocation } from '../app/router.js';
import { isCurrentEntry, menuPathOf, type MenuEntry, type MenuLink } from './menuEntries.js';
import { useTexts } from './useTexts.js';

interface SideMenuProps {
  id: string;
  entries: MenuEntry[];
  /** Called after an entry was followed (the mobile drawer closes). */
  onNavigate: () => void;
}

/** The side menu: the user's modules in the fixed order; external links open in a new tab. */
export function SideMenu(props: SideMenuProps) {
  const t = useTexts(['menu', 'portal']);
  const pathname = menuPathOf(useLocation().pathname, props.entries);
  return (
    <nav id={props.id} className="side-menu" aria-label={t('portal:mainMenu')} data-testid="side-menu">
      <ul>
        {props.entries.map((entry) =>
          entry.kind === 'link' ? (
            <li key={entry.id}>
              <EntryLink entry={entry} pathname={pathname} onNavigate={props.onNavigate} />
            </li>
          ) : (
            <li key={entry.id} className="side-menu-group">
              <span className="side-menu-group-label" id={`menu-group-${entry.id}`} data-testid={`menu-${entry.id}`}>
                {t(entry.labelKey)}
              </span>
              <ul aria-labelledby={`menu-group-${entry.id}`}>
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <EntryLink entry={child} pathname={pathname} onNavigate={props.onNavigate} />
                  </li>
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function EntryLink({ entry, pathname, onNavigate }: { entry: MenuLink; pathname: string; onNavigate: () => void }) {
  const t = useTexts(['menu', 'portal']);
  if (entry.external) {
    return (
      <a href={entry.to} target="_blank" rel="noopener noreferrer" data-testid={`menu-${entry.id}`}>
        {t(entry.labelKey)}
        <span className="visually-hidden"> {t('portal:opensInNewTab')}</span>
        <span aria-hidden="true" className="external-mark">↗</span>
      </a>
    );
  }
  const current = isCurrentEntry(entry.to, pathname);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab etc.
    event.preventDefault();
    navigate(entry.to);
    onNavigate();
  };
  return (
    <a href={hrefFor(entry.to)} onClick={follow} aria-current={current ? 'page' : undefined} data-testid={`menu-${entry.id}`}>
      {t(entry.labelKey)}
    </a>
  );
}
