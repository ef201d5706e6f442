import type { ReactNode } from 'react';
import { t } from './strings.js';
import { useSession } from './useSession.js';
import { navigate } from './router.js';

/** The signed-in frame: header with the user and log out, then the page. */
export function Shell(props: { children: ReactNode }) {
  const { user } = useSession();
  return (
    <div className="shell">
      <header className="header">
        <a className="logo" href="/sites" onClick={(event) => { event.preventDefault(); navigate('/sites'); }}>
          Varde
        </a>
        <span className="user-name" data-testid="user-name">{user?.name}</span>
        <button type="button" onClick={() => navigate('/logout')}>
          {t('signOut')}
        </button>
      </header>
      {props.children}
    </div>
  );
}
