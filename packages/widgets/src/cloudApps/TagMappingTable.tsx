import { tagMappingRows } from '@varde/core';
import type { Mapping, MappingTable } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { InlineCell } from './InlineCell.js';
import { ParametersTable } from './ParametersTable.js';

export interface TagMappingTableProps {
  mapping: Mapping;
  table: MappingTable;
  busy: boolean;
  onActive(active: boolean): void;
  onCell(meaningUuid: string, field: 'controller-id' | 'tag', value: string): void;
  onParameter(meaningUuid: string, text: string): void;
  t: WidgetTranslate;
}

/** The selected table: its active switch, the meaning -> controller-id / tag rows and its settings (edited in place). */
export function TagMappingTable({ mapping, table, busy, onActive, onCell, onParameter, t }: TagMappingTableProps) {
  const rows = tagMappingRows(mapping, table);
  return (
    <section className="varde-cloud-apps__selected" part="selected-table" aria-label={table.title}>
      <div className="varde-cloud-apps__selected-bar">
        <h3 className="varde-cloud-apps__heading">{table.title}</h3>
        <label className="varde-cloud-apps__switch">
          <input
            type="checkbox"
            role="switch"
            checked={table.active}
            disabled={busy}
            onChange={(event) => onActive(event.target.checked)}
            data-field="active"
          />
          <span>{table.active ? t('active') : t('inactive')}</span>
        </label>
      </div>
      <div className="varde-cloud-apps__table-wrap">
        <table className="varde-cloud-apps__grid" part="tag-mappings">
          <thead>
            <tr>
              <th scope="col">{t('meaning')}</th>
              <th scope="col">{t('controllerId')}</th>
              <th scope="col">{t('tag')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.meaningUuid} data-meaning={row.meaningUuid}>
                <th scope="row" className="varde-cloud-apps__meaning">
                  {row.meaningTitle}
                  <span className="varde-cloud-apps__type">{row.meaningType}</span>
                </th>
                <td>
                  <InlineCell
                    value={row.controllerId}
                    label={t('cellLabel', { column: t('controllerId'), meaning: row.meaningTitle })}
                    hint={t('editHint')}
                    disabled={busy}
                    field="controller-id"
                    onCommit={(value) => onCell(row.meaningUuid, 'controller-id', value)}
                  />
                </td>
                <td>
                  <InlineCell
                    value={row.tag}
                    label={t('cellLabel', { column: t('tag'), meaning: row.meaningTitle })}
                    hint={t('editHint')}
                    disabled={busy}
                    field="tag"
                    onCommit={(value) => onCell(row.meaningUuid, 'tag', value)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ParametersTable mapping={mapping} table={table} busy={busy} onValue={onParameter} t={t} />
    </section>
  );
}
