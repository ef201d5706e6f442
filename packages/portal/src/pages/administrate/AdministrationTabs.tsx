import type { MouseEvent } from 'react';
import { isAdministrator } from '../../app/pageAccess.js';
import { hrefFor, navigate } from '../../app/router.js';
import { useSession } from '../../app/useSession.js';
import { useAccessTokenTexts } from '../accessTokens/useAccessTokenTexts.js';
// The tabs' styles (they wrap on a phone) wherever the tabs are, the People page included.
import '../accessTokens/accessTokensStyles.js';

const SECTIONS = [
  { id: 'people', to: '/administrate', labelKey: 'accessTokens:people' },
  { id: 'service-accounts', to: '/administrate/service-accounts', labelKey: 'accessTokens:serviceAccounts' },
  { id: 'directory-sync', to: '/administrate/directory-sync', labelKey: 'accessTokens:directorySync' },
  { id: 'audit-log', to: '/administrate/audit-log', labelKey: 'accessTokens:auditLog' },
] as const;

/**
 * People and service accounts are listed apart (issue 34), with the directory sync and the audit log (issue
 * 36) beside them; an administrator moves between them here. Others see no tabs: user administration is
 * all they have.
 */
export function AdministrationTabs({ current }: { current: (typeof SECTIONS)[number]['id'] }) {
  const t = useAccessTokenTexts();
  const user = useSession().user;
  if (!user || !isAdministrator(user)) return null;
  return (
    <nav className="admin-tabs" aria-label={t('accessTokens:administrationSections')}>
      {SECTIONS.map((section) => (
        <a
          key={section.id}
          href={hrefFor(section.to)}
          aria-current={section.id === current ? 'page' : undefined}
          data-testid={`admin-tab-${section.id}`}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate(section.to);
          }}
        >
          {t(section.labelKey)}
        </a>
      ))}
    </nav>
  );
}
