import { AccountMenu } from './AccountMenu.js';
import { Logo } from './Logo.js';
import type { LogoMark } from './logos.js';
import { useTexts } from './useTexts.js';

interface HeaderProps {
  drawerId: string;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  logos: LogoMark[];
  userName: string;
  /** Dev mode only: the dark-theme toggle. */
  darkTheme: { on: boolean; toggle: () => void } | null;
}

/** The top bar: drawer toggle, logo, (dev) dark theme, account menu with the user's name on wide screens. */
export function Header(props: HeaderProps) {
  const t = useTexts('portal');
  return (
    <header className="header">
      <button
        type="button"
        className="icon-button drawer-toggle"
        aria-expanded={props.drawerOpen}
        aria-controls={props.drawerId}
        aria-label={props.drawerOpen ? t('closeMenu') : t('openMenu')}
        onClick={props.onToggleDrawer}
        data-testid="drawer-toggle"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
        </svg>
      </button>
      <Logo marks={props.logos} />
      <span className="header-space" />
      {props.darkTheme ? (
        <button
          type="button"
          className="icon-button"
          aria-pressed={props.darkTheme.on}
          aria-label={t('darkTheme')}
          title={t('darkTheme')}
          onClick={props.darkTheme.toggle}
          data-testid="dark-theme-toggle"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z" fill="currentColor" />
          </svg>
        </button>
      ) : null}
      <AccountMenu userName={props.userName} />
    </header>
  );
}
