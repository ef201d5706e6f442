import { useEffect, useState, type ReactNode } from 'react';
import { navigate, useLocation } from '../app/router.js';
import { session } from '../app/session.js';
import { useSession } from '../app/useSession.js';
import { Header } from './Header.js';
import { logosFor } from './logos.js';
import { menuEntriesFor } from './menuEntries.js';
import { SideMenu } from './SideMenu.js';
import { useIsMobile } from './useMediaQuery.js';
import { useTexts } from './useTexts.js';
import { useDarkTheme } from './useDarkTheme.js';
import './shell.css';

const DRAWER_ID = 'side-drawer';

/**
 * The main app wrapper: header, side drawer (250 px) and the page. Wide screens: the drawer sits
 * beside the page and the toggle hides or shows it. 960 px and below: a temporary drawer over the
 * page, closed at first, closed again by following an entry, Escape or a click on the backdrop.
 */
export function Shell(props: { children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const t = useTexts('portal');
  const mobile = useIsMobile();
  const [wideOpen, setWideOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const darkTheme = useDarkTheme(session.settings.local);
  const open = mobile ? mobileOpen : wideOpen;

  useEffect(() => setMobileOpen(false), [pathname, mobile]);
  useEffect(() => {
    if (!mobile || !mobileOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobile, mobileOpen]);

  if (!user) return null;
  const entries = menuEntriesFor(user, session.settings);

  return (
    <div className={`shell ${mobile ? 'shell-mobile' : 'shell-wide'} ${open ? 'drawer-open' : 'drawer-closed'}`}>
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <Header
        drawerId={DRAWER_ID}
        drawerOpen={open}
        onToggleDrawer={() => (mobile ? setMobileOpen(!mobileOpen) : setWideOpen(!wideOpen))}
        logos={logosFor(session.settings, user.mainPartner)}
        userName={user.name}
        darkTheme={darkTheme}
      />
      <div className="shell-body">
        {mobile && open ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => setMobileOpen(false)} /> : null}
        <aside id={DRAWER_ID} className="drawer" hidden={!open}>
          <SideMenu id="side-menu" entries={entries} onNavigate={() => setMobileOpen(false)} />
          <div className="drawer-footer">
            <button type="button" className="text-button" onClick={() => navigate('/logout')}>
              {t('signOut')}
            </button>
          </div>
        </aside>
        <main id="main-content" className="shell-main" tabIndex={-1}>
          {props.children}
        </main>
      </div>
    </div>
  );
}
