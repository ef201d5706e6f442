import { useState } from 'react';
import type { MappingTable } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { InlineCell } from './InlineCell.js';

export interface TableListProps {
  tables: MappingTable[];
  selectedUuid: string | null;
  busy: boolean;
  onSelect(uuid: string): void;
  onRename(uuid: string, title: string): void;
  onCopy(uuid: string): void;
  onDelete(uuid: string): void;
  t: WidgetTranslate;
}

/** The mapping tables: single selection, title edited in place (Enter), copy and delete per row. */
export function TableList({ tables, selectedUuid, busy, onSelect, onRename, onCopy, onDelete, t }: TableListProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <ul className="varde-cloud-apps__tables" role="listbox" aria-label={t('tables')} part="tables">
      {tables.map((table) => {
        const selected = table.uuid === selectedUuid;
        return (
          <li
            key={table.uuid}
            role="option"
            aria-selected={selected}
            className="varde-cloud-apps__table-row"
            data-table={table.uuid}
            onClick={() => onSelect(table.uuid)}
          >
            <span className={`varde-cloud-apps__dot${table.active ? ' varde-cloud-apps__dot--on' : ''}`} title={table.active ? t('active') : t('inactive')} />
            <InlineCell
              value={table.title}
              label={t('titleLabel', { title: table.title })}
              hint={t('editHint')}
              disabled={busy}
              field="table-title"
              onCommit={(title) => onRename(table.uuid, title)}
            />
            {confirming === table.uuid ? (
              <span className="varde-cloud-apps__row-actions" onClick={(event) => event.stopPropagation()}>
                <span className="varde-cloud-apps__confirm-text">{t('confirmDelete', { title: table.title })}</span>
                <sl-button size="small" variant="danger" onClick={() => { setConfirming(null); onDelete(table.uuid); }} data-action="confirm-delete">
                  {t('yesDelete')}
                </sl-button>
                <sl-button size="small" onClick={() => setConfirming(null)}>{t('cancel')}</sl-button>
              </span>
            ) : (
              <span className="varde-cloud-apps__row-actions" onClick={(event) => event.stopPropagation()}>
                <sl-button size="small" disabled={busy} onClick={() => onCopy(table.uuid)} data-action="copy">{t('copy')}</sl-button>
                <sl-button size="small" variant="danger" outline disabled={busy} onClick={() => setConfirming(table.uuid)} data-action="delete">
                  {t('delete')}
                </sl-button>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
