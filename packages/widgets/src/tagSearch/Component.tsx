/**
 * TagSearchWidget (<varde-tag-search>): the search page. Enter or the arrow button sends the text to
 * every connected site (tag_userSearch) and to the search host's socket; results show site, Name,
 * description and Value, expand to their details and link to the site. Example queries can be
 * filtered and picked one at a time or several together.
 */
import { useCallback, useMemo, useRef, type FormEvent } from 'react';
import { isMobileWidth, siteLoginLink, siteOpenLink, siteOpenTarget } from '@varde/core';
import { useSiteFeed } from '../alarmTable/useSiteFeed.js';
import { useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import { Icon } from '../siteList/icons.js';
import { defaultExampleQueries, hostExampleQueries } from './examples.js';
import { ExampleQueries } from './ExampleQueries.js';
import { ResultsTable } from './ResultsTable.js';
import { emitVardeEvent, useVardeEvents } from '../shared/events.js';
import { useFeedState } from '../alarmTable/FeedState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import type { NavigateDetail } from '../alarmTable/events.js';
import { tagSearchStrings } from './strings.js';
import { tagSearchStyles } from './styles.js';
import { useTagSearch } from './useTagSearch.js';

export interface TagSearchWidgetProps {
  /** Example queries (a property); default: the UI language's examples, each searching its word in no, en and se. */
  examples?: readonly string[] | undefined;
  /** Pre-filled search text. */
  query?: string | undefined;
  mobileApp?: boolean | undefined;
  /** A page of the host for one site (`{uuid}` replaced), e.g. the portal's `/sites/{uuid}`: results link there. */
  siteHref?: string | undefined;
  /** React callers: `varde-navigate`'s detail; return false to route yourself. */
  onNavigate?: ((detail: NavigateDetail) => boolean | void) | undefined;
}

export function TagSearchWidget(props: TagSearchWidgetProps) {
  const { t, language } = useWidgetTranslation(tagSearchStrings);
  const session = useSharedSession();
  const { feed, state: feedState } = useSiteFeed({ connections: true });
  const search = useTagSearch(session, feed);
  const inputRef = useRef<HTMLInputElement | null>(null);

  const connected = useMemo(
    () => (feed ? feed.connections().filter((connection) => connection.state === 'logged-in').length : 0),
    // connectionsVersion changes whenever a socket logs in or drops.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [feed, feedState.connectionsVersion],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = inputRef.current?.value ?? '';
    if (text.trim()) search.search([text]);
  };
  const runExamples = useCallback(
    (texts: readonly string[]) => {
      if (inputRef.current) inputRef.current.value = texts.join(', ');
      search.search(texts);
    },
    [search],
  );

  const examples = useMemo(() => (props.examples ? hostExampleQueries(props.examples) : defaultExampleQueries(language)), [props.examples, language]);

  const byUuid = useMemo(() => new Map(feedState.sites.map((site) => [site.uuid, site])), [feedState.sites]);
  const mobile = typeof window !== 'undefined' && isMobileWidth(window.innerWidth);
  const linkFor = (siteUuid: string) => {
    if (props.siteHref) return props.siteHref.replace('{uuid}', encodeURIComponent(siteUuid));
    const site = byUuid.get(siteUuid);
    return site?.webpmpReady === true ? (session ? siteOpenLink(site, session.settings, { mobile }) : siteLoginLink(site, { loginServerUrl: '', mobile })) : null;
  };
  const onOpen = props.siteHref
    ? (href: string, event: React.MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        const detail = { href };
        const allowed = emitVardeEvent(event.currentTarget, 'varde-navigate', detail, { cancelable: true });
        if (!allowed || props.onNavigate?.(detail) === false) event.preventDefault();
      }
    : undefined;

  // Signed out (a sign-in prompt), the site list failed or refused (a retry), still connecting (with its limit).
  const { rootRef } = useVardeEvents();
  const { notice } = useFeedState({
    feed,
    state: feedState,
    polled: feedState.status === 'ready',
    empty: false,
    emptyText: '',
    signedOutText: t('signedOut'),
    rootRef,
  });

  const busy = search.pending > 0 || search.running;
  const failed = Object.keys(search.errors).length;
  const showEmpty = search.text !== '' && !busy && search.rows.length === 0;

  return (
    <WidgetRoot styles={`${tagSearchStyles}\n${widgetStateStyles}`} className="varde-tag-search" rootRef={rootRef} lang={language}>
      {notice}
      <form className="varde-tag-search__form" role="search" onSubmit={onSubmit} part="form">
        <input
          ref={inputRef}
          className="varde-tag-search__input"
          part="search-input"
          type="search"
          name="search"
          maxLength={200}
          autoComplete="off"
          placeholder={t('search:placeholder')}
          aria-label={t('search:placeholder')}
          defaultValue={props.query ?? ''}
        />
        <button type="submit" className="varde-tag-search__go" part="search-button" aria-label={t('searchButton')} title={t('searchButton')}>
          <Icon name="arrow-right" />
        </button>
      </form>
      <ExampleQueries examples={examples} t={t} onSearch={runExamples} />
      <p className="varde-tag-search__status" part="status" aria-live="polite">
        <span data-testid="connected-sites" data-count={connected}>{t('sitesConnected', { count: connected })}</span>
        {busy ? <span>{t('searching', { count: search.pending })}</span> : null}
        {search.text !== '' && !busy ? <span data-testid="result-count">{t('resultCount', { count: search.rows.length })}</span> : null}
        {failed > 0 ? <span title={Object.values(search.errors).join('\n')}>{t('sitesFailed', { count: failed })}</span> : null}
      </p>
      {showEmpty ? (
        <p className="varde-tag-search__empty" part="empty" role="status">
          {t('search:noResults', { user_content: search.text })}
        </p>
      ) : null}
      {search.rows.length > 0 ? <ResultsTable rows={search.rows} linkFor={linkFor} target={props.siteHref ? '_self' : siteOpenTarget(props.mobileApp ?? false)} onOpen={onOpen} t={t} /> : null}
    </WidgetRoot>
  );
}
