import { formatDateTime, i18n } from '@varde/core';
import type { AuditRecord } from '@varde/core/contract';
import { useAuditTexts } from './useAuditTexts.js';

/**
 * One page of records, newest first: when, who (a person's e-mail, else what kind of actor, and the token
 * if one was used), what and to what, and from where. Every value is text; none is markup.
 */
export function AuditTable({ records }: { records: readonly AuditRecord[] }) {
  const t = useAuditTexts();
  if (records.length === 0) return <p className="tokens-empty">{t('audit:empty')}</p>;
  const who = (record: AuditRecord) =>
    record.actor.email ?? (record.actor.kind === 'person' ? (record.actor.id ?? t('audit:unknownPerson')) : `${t(`audit:actor_${record.actor.kind}`)}${record.actor.id ? ` ${record.actor.id}` : ''}`);
  return (
    <table className="data-table audit-table" data-testid="audit-table">
      <thead>
        <tr>
          <th scope="col">{t('audit:time')}</th>
          <th scope="col">{t('audit:who')}</th>
          <th scope="col">{t('audit:action')}</th>
          <th scope="col">{t('audit:target')}</th>
          <th scope="col">{t('audit:summary')}</th>
          <th scope="col">{t('audit:address')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} data-testid="audit-row" data-action={record.action}>
            <td data-label={t('audit:time')} className="audit-table__time">
              <time dateTime={new Date(record.at).toISOString()}>{formatDateTime(record.at, i18n.language)}</time>
            </td>
            <td data-label={t('audit:who')}>
              <span className="audit-table__nowrap">{who(record)}</span>
              {record.actor.tokenId ? <span className="audit-table__token"> {t('audit:viaToken', { token: record.actor.tokenId.slice(0, 8) })}</span> : null}
            </td>
            <td data-label={t('audit:action')} className="audit-table__nowrap">
              <code>{record.action}</code>
            </td>
            <td data-label={t('audit:target')}>
              {record.objectKind}
              {record.objectId ? <span className="audit-table__id"> {record.objectId}</span> : null}
            </td>
            <td data-label={t('audit:summary')} className="audit-table__summary">
              {record.summary}
            </td>
            <td data-label={t('audit:address')} className="audit-table__nowrap">
              {record.address ?? ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
