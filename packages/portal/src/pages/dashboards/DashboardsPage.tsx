import { useState } from 'react';
import { dashboardFrameHeight } from '@varde/core';
import { navigate, useLocation } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { usePortalFrame } from './usePortalFrame.js';
import { useUserSites } from './useUserSites.js';
import { useWindowHeight } from './useWindowHeight.js';
import { PageFrame } from '../../shell/PageFrame.js';

/**
 * /dashboards (Views): a frame, window height minus 180 px, pointing at the controller-cloud proxy
 * with a portal id, for one of the user's online sites (query `site`, else the first online one).
 * A failed proxy login shows "Failed to login". The title is the menu's Views (the nordlys brand's entry).
 */
export function DashboardsPage() {
  const t = useTexts(['portalPages', 'login', 'errors', 'sites', 'menu']);
  const { search } = useLocation();
  const { sites, failed } = useUserSites();
  const [attempt, setAttempt] = useState(0);
  const height = dashboardFrameHeight(useWindowHeight());
  const online = (sites ?? []).filter((site) => site.webpmpReady === true);
  const requested = search.get('site');
  const site = online.find((candidate) => candidate.uuid === requested) ?? online[0] ?? null;
  const frame = usePortalFrame(site?.uuid ?? null, attempt);

  const picker = site ? (
    <div className="dashboards-toolbar">
      <label htmlFor="dashboards-site">{t('portalPages:dashboards.site')}</label>
      <select
        id="dashboards-site"
        value={site.uuid}
        onChange={(event) => navigate(`/dashboards?site=${encodeURIComponent(event.target.value)}`, { replace: true })}
      >
        {online.map((candidate) => (
          <option key={candidate.uuid} value={candidate.uuid}>
            {candidate.name}
          </option>
        ))}
      </select>
    </div>
  ) : null;

  return (
    <PageFrame className="dashboards" title={t('menu:views')} actions={picker} width="full">
      {failed ? (
        <p role="alert">{t('errors:generic')}</p>
      ) : !sites ? (
        <p role="status">{t('sites:loading')}</p>
      ) : !site ? (
        <p>{t('portalPages:dashboards.noSites')}</p>
      ) : frame.kind === 'ready' ? (
        <iframe
          className="dashboards-frame"
          title={t('portalPages:dashboards.frameTitle', { site: site.name })}
          src={frame.url}
          style={{ height }}
          data-testid="dashboards-frame"
        />
      ) : frame.kind === 'failed' ? (
        <div role="alert">
          <p className="dashboards-login-failed">{t('login:failedToLogin')}</p>
          <button type="button" onClick={() => setAttempt((count) => count + 1)}>
            {t('portalPages:dashboards.retry')}
          </button>
        </div>
      ) : (
        <p role="status">{t('portalPages:dashboards.connecting')}</p>
      )}
    </PageFrame>
  );
}
