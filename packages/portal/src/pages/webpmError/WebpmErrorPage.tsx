import { navigate, useLocation } from '../../app/router.js';
import { PageFrame } from '../../shell/PageFrame.js';
import { useTexts } from '../../shell/useTexts.js';
import { explainedStatus, shownCode } from './errorStatus.js';
import { useSiteName } from './useSiteName.js';
import webpmErrorCss from './webpmError.css?raw';
import { adoptStyles } from '../adoptStyles.js';

// This page's styles arrive with its chunk, not in the first paint (see adoptStyles).
adoptStyles(webpmErrorCss);

/**
 * /webpmperror?status=…&site_id=… — where the controller proxy sends a browser when a site cannot be
 * reached: the status's title as the page's title (in the page frame, where every page has it), then
 * the code, a description in the UI language (Norwegian by default) and the site's name when the
 * signed-in user may see the site.
 */
export function WebpmErrorPage() {
  const t = useTexts(['errorPage', 'portalPages']);
  const { search } = useLocation();
  const status = search.get('status');
  const siteId = search.get('site_id');
  const which = explainedStatus(status);
  const code = shownCode(status);
  const site = useSiteName(siteId);

  return (
    <PageFrame title={t(`errorPage:titles.${which}`)} className="webpm-error" testId="error-page">
      <div className="webpm-error-card" data-status={which}>
        {code ? (
          <p className="webpm-error-code" aria-label={t('portalPages:errorPage.code')} data-testid="error-code">
            {code}
          </p>
        ) : null}
        <p className="webpm-error-description" data-testid="error-description">
          {t(`errorPage:descriptions.${which}`)}
        </p>
        {siteId ? (
          <p className="webpm-error-site" data-testid="error-site">
            <span>{t('errorPage:site')}: </span>
            <strong>
              {site.kind === 'found'
                ? site.name
                : site.kind === 'unknown'
                  ? t('portalPages:errorPage.unknownSite')
                  : site.kind === 'loading'
                    ? '…'
                    : siteId}
            </strong>
          </p>
        ) : null}
        <button type="button" onClick={() => navigate('/sites')}>
          {t('portalPages:errorPage.backToSites')}
        </button>
      </div>
    </PageFrame>
  );
}
