/** Search results: site, Name, description, Value and a link that opens the site; a row expands to its details. */
import { Fragment, useState } from 'react';
import { formatDateTime, formatMeasuredText, i18n } from '@varde/core';
import type { TagSearchRow } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { Icon } from '../siteList/icons.js';
import { LiveSearchValue } from './LiveSearchValue.js';

const PAGE = 100;

export function ResultsTable(props: {
  rows: readonly TagSearchRow[];
  linkFor: (siteUuid: string) => string | null;
  target: string;
  /** A host that routes itself takes the click (the portal's site page). */
  onOpen?: ((href: string, event: React.MouseEvent<HTMLAnchorElement>) => void) | undefined;
  t: WidgetTranslate;
}) {
  const { rows, linkFor, target, onOpen, t } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [limit, setLimit] = useState(PAGE);
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <>
      <div className="varde-tag-search__table-wrap">
        <table className="varde-tag-search__table" part="results">
          <thead>
            <tr>
              <th scope="col" aria-label={t('expand')} />
              <th scope="col">{t('colSite')}</th>
              <th scope="col">{t('colName')}</th>
              <th scope="col">{t('colDescription')}</th>
              <th scope="col">{t('colValue')}</th>
              <th scope="col">{t('colOpen')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, limit).map((row) => {
              const key = `${row.siteUuid}/${row.Name}`;
              const open = expanded.has(key);
              const link = linkFor(row.siteUuid);
              const detailsId = `varde-tag-search-${row.index}`;
              return (
                <Fragment key={key}>
                  <tr part="result-row" data-site-uuid={row.siteUuid} data-name={row.Name}>
                    <td>
                      <button type="button" className="varde-tag-search__toggle" aria-expanded={open} aria-controls={detailsId} aria-label={t('expand')} onClick={() => toggle(key)}>
                        <Icon name="chevron-right" />
                      </button>
                    </td>
                    <td>{row.site}</td>
                    <td>{row.Name}</td>
                    <td>{row.description}</td>
                    <td>
                      <LiveSearchValue row={row} t={t} />
                    </td>
                    <td>
                      {link ? (
                        <a
                          className="varde-tag-search__open"
                          part="open-link"
                          href={link}
                          target={target}
                          rel={target === '_blank' ? 'noopener noreferrer' : undefined}
                          title={t('openSite', { site: row.site })}
                          onClick={onOpen ? (event) => onOpen(link, event) : undefined}
                        >
                          <Icon name="open" label={t('openSite', { site: row.site })} />
                        </a>
                      ) : null}
                    </td>
                  </tr>
                  {open ? (
                    <tr className="varde-tag-search__details" id={detailsId} part="result-details">
                      <td />
                      <td colSpan={5}>
                        <dl>
                          <dt>{t('detailSite')}</dt>
                          <dd>{row.site}</dd>
                          <dt>{t('detailValue')}</dt>
                          <dd>{formatMeasuredText(row.Value, i18n.language)}</dd>
                          <dt>{t('detailSeqNo')}</dt>
                          <dd>{row.SeqNo}</dd>
                          <dt>{t('detailName')}</dt>
                          <dd>{row.Name}</dd>
                          <dt>{t('detailLastChanged')}</dt>
                          <dd>{formatDateTime(row.LastChanged, i18n.language)}</dd>
                          <dt>{t('detailChangedBy')}</dt>
                          <dd>{row.ChangedBy}</dd>
                        </dl>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length > limit ? (
        <button type="button" className="varde-tag-search__example varde-tag-search__more" onClick={() => setLimit(limit + PAGE)}>
          {t('showMore')}
        </button>
      ) : null}
    </>
  );
}
