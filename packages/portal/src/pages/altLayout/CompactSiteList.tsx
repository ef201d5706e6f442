import type { Site } from '@varde/core/contract';
import { session } from '../../app/session.js';
import { useTexts } from '../../shell/useTexts.js';
import { isMobileWidth, siteLoginLink } from '../leroyLogin/siteLoginLink.js';
import { useSitePages } from './useSitePages.js';

function statusKey(site: Site): 'online' | 'offline' | 'unavailable' {
  if (site.webpmpReady === true) return 'online';
  return site.webpmpReady === false ? 'offline' : 'unavailable';
}

/**
 * A plain list of the user's sites for the alternative layout and controller frames: name and
 * online state; an online site opens in a new tab. (The full sites page has its own widget.)
 */
export function CompactSiteList(props: { list?: 'controllers' | 'adminControllers' }) {
  const t = useTexts(['sites', 'portalPages', 'errors']);
  const { sites, loading, failed, complete, loadMore } = useSitePages(props.list);

  if (failed) return <p role="alert">{t('errors:generic')}</p>;
  if (!loading && sites.length === 0) return <p>{t('sites:noSites')}</p>;

  return (
    <div className="compact-sites">
      <ul className="compact-site-list">
        {sites.map((site) => {
          const status = statusKey(site);
          const link = siteLoginLink(site, session.settings.loginServerUrl, isMobileWidth(window.innerWidth));
          return (
            <li key={site.uuid} data-testid="compact-site">
              {status === 'online' ? (
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {site.name}
                </a>
              ) : (
                <span>{site.name}</span>
              )}
              <span className={`compact-site-status compact-site-${status}`}>{t(`sites:${status}`)}</span>
            </li>
          );
        })}
      </ul>
      {loading ? <p role="status">{t('sites:loading')}</p> : null}
      {!loading && !complete ? (
        <button type="button" className="compact-sites-more" onClick={loadMore}>
          {t('portalPages:altLayout.showMore')}
        </button>
      ) : null}
    </div>
  );
}
