/** The licences table: one row per licence, expandable to its details and actions. */
import { Fragment, useState } from 'react';
import { formatDate, i18n } from '@varde/core';
import type { LicenseType, StoredLicense } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';

/** A licence's calendar date (YYYY-MM-DD, no time of day) in the language's date format; read as UTC so no zone moves the day. */
const formatCalendarDate = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(`${date}T00:00:00Z`, i18n.language, 'UTC') : date);

export type LicenseAction = 'download' | 'renew' | 'delete' | 'edit';

export interface LicenseTableProps {
  rows: StoredLicense[];
  /** Licence types by partner, for type names and field labels. */
  typesOf: (partner: string) => LicenseType[];
  showPartner: boolean;
  partnerName: (partner: string) => string;
  archived: boolean;
  t: WidgetTranslate;
  onAction: (action: LicenseAction, license: StoredLicense) => void;
}

function Details({ license, type, t }: { license: StoredLicense; type: LicenseType | undefined; t: WidgetTranslate }) {
  const info = license.licenseInfo as Record<string, unknown> & StoredLicense['licenseInfo'];
  const entries: Array<[string, string]> = [
    [t('id'), info.id],
    [t('hardwareId'), info.hardwareId],
    [t('administrator'), info.administrator],
    [t('issuedBy'), info.issuedBy],
    [t('timeZone'), license.metadata.timeZone],
    ...(type?.requiredFields ?? []).map((field): [string, string] => [field.displayLabel, String(info[field.tempInputKey] ?? '')]),
  ];
  if (license.archived) entries.push([t('archivedAt'), `${formatDate(license.archived.at, i18n.language)} (${license.archived.by})`]);
  return (
    <dl className="varde-licenses__details" part="details">
      {entries.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
      <dt>{t('previous')}</dt>
      <dd data-testid="license-chain" part="chain">
        {info.chain.length > 0 ? (
          <ol className="varde-licenses__chain">
            {info.chain.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ol>
        ) : (
          t('none')
        )}
      </dd>
    </dl>
  );
}

export function LicenseTable({ rows, typesOf, showPartner, partnerName, archived, t, onAction }: LicenseTableProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const typeOf = (license: StoredLicense) => typesOf(license.licenseInfo.partner).find((type) => type.id === license.licenseInfo.type);
  const columns = showPartner ? 6 : 5;
  return (
    <table className="varde-licenses__table" part="table">
      <thead>
        <tr>
          <th scope="col">{t('name')}</th>
          <th scope="col" className="varde-licenses__wide">{t('issuedTo')}</th>
          {showPartner ? <th scope="col">{t('partner')}</th> : null}
          <th scope="col" className="varde-licenses__wide">{t('type')}</th>
          <th scope="col">{t('issueDate')}</th>
          <th scope="col">{t('expirationDate')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((license) => {
          const info = license.licenseInfo;
          const open = expanded === info.id;
          const type = typeOf(license);
          return (
            <Fragment key={info.id}>
              <tr className="varde-licenses__row" data-testid="license-row" data-license-id={info.id} part="row">
                <td>
                  <button
                    type="button"
                    className="varde-licenses__expand"
                    aria-expanded={open}
                    aria-label={t('details', { name: info.name })}
                    onClick={() => setExpanded(open ? null : info.id)}
                  >
                    <span aria-hidden="true">{open ? '▾' : '▸'}</span> {info.name}
                  </button>
                </td>
                <td className="varde-licenses__wide">{info.issuedTo}</td>
                {showPartner ? <td>{partnerName(info.partner)}</td> : null}
                <td className="varde-licenses__wide">{type?.name ?? info.type}</td>
                <td className="varde-licenses__date">{formatCalendarDate(info.issueDate)}</td>
                <td className="varde-licenses__date">{formatCalendarDate(info.expirationDate)}</td>
              </tr>
              {open ? (
                <tr className="varde-licenses__expanded" data-testid="license-details">
                  <td colSpan={columns}>
                    <Details license={license} type={type} t={t} />
                    <div className="varde-licenses__actions" part="actions">
                      <sl-button size="small" part="download-button" onClick={() => onAction('download', license)}>
                        {t('download')}
                      </sl-button>
                      {archived ? null : (
                        <>
                          <sl-button size="small" part="renew-button" onClick={() => onAction('renew', license)}>
                            {t('renew')}
                          </sl-button>
                          <sl-button size="small" part="edit-button" onClick={() => onAction('edit', license)}>
                            {t('edit')}
                          </sl-button>
                          <sl-button size="small" variant="danger" outline part="delete-button" onClick={() => onAction('delete', license)}>
                            {t('delete')}
                          </sl-button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
