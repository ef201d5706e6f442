import { useState, type MouseEvent } from 'react';
import { hrefFor, navigate } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { CompactSiteList } from './CompactSiteList.js';
import altLayoutCss from './altLayout.css?raw';
import { adoptStyles } from '../adoptStyles.js';

// This page's styles arrive with its chunk, not in the first paint (see adoptStyles).
adoptStyles(altLayoutCss);

const LINKS = [
  { path: '/sites', label: 'menu:sites' },
  { path: '/alarms', label: 'menu:alarms' },
  { path: '/administrate', label: 'menu:userAdministration' },
  { path: '/licenses', label: 'portalPages:altLayout.licenseAdministration' },
] as const;

/**
 * /altlayout: the alternative layout — a drawer with Sites, Alarms, User Administration and License
 * Administration, and the user's sites beside it. On small screens the drawer opens over the list.
 */
export function AltLayoutPage() {
  const t = useTexts(['menu', 'portalPages']);
  const [open, setOpen] = useState(false);

  function follow(event: MouseEvent<HTMLAnchorElement>, path: string): void {
    event.preventDefault();
    navigate(path);
  }

  return (
    <div className={`alt-layout${open ? ' alt-layout-open' : ''}`}>
      <button
        type="button"
        className="alt-layout-toggle"
        aria-expanded={open}
        aria-controls="alt-layout-drawer"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('portalPages:altLayout.closeMenu') : t('portalPages:altLayout.openMenu')}
      </button>
      <nav id="alt-layout-drawer" className="alt-layout-drawer" aria-label={t('portalPages:altLayout.navigation')}>
        <ul>
          {LINKS.map((link) => (
            <li key={link.path}>
              <a href={hrefFor(link.path)} onClick={(event) => follow(event, link.path)}>
                {t(link.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="alt-layout-main">
        <h1>{t('menu:sites')}</h1>
        <CompactSiteList />
      </main>
    </div>
  );
}
