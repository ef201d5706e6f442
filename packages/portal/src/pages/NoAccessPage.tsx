import type { ModuleKey } from '@varde/core/contract';
import { hrefFor, navigate } from '../app/router.js';
import { useTexts } from '../shell/useTexts.js';
import { PageFrame } from '../shell/PageFrame.js';

/** The menu's name of each module (`menu:` keys), so the page names what the user lacks in their words. */
const MODULE_LABELS: Partial<Record<ModuleKey, string>> = {
  sites: 'sites',
  alarms: 'alarms',
  bim: 'bim',
  functions: 'cloudFunctions',
  apps: 'cloudApps',
  mlexplorer: 'mlExplorer',
  users: 'userAdministration',
  licensing: 'licenses',
  notifications: 'notifications',
  search: 'search',
};

/**
 * A page the user may not open says so, and which access it needs, instead of silently sending them
 * elsewhere; the address stays, so it still works once an administrator grants the access. No missing
 * modules: the page is for administrators (app/pageAccess.ts, ADMIN_PAGES).
 */
export function NoAccessPage({ missing, landing }: { missing: readonly ModuleKey[]; landing: string }) {
  const t = useTexts(['portal', 'menu']);
  const modules = missing.map((module) => (MODULE_LABELS[module] ? t(`menu:${MODULE_LABELS[module]}`) : module)).join(', ');
  return (
    <PageFrame className="no-access-page" title={t('portal:noAccessTitle')} testId="no-access">
      <p>{missing.length > 0 ? t('portal:noAccess', { modules }) : t('portal:administratorsOnly')}</p>
      <p>
        <a
          href={hrefFor(landing)}
          onClick={(event) => {
            event.preventDefault();
            navigate(landing);
          }}
        >
          {t('portal:goToStart')}
        </a>
      </p>
    </PageFrame>
  );
}
