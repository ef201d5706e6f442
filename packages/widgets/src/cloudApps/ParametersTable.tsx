import { parameterValueText } from '@varde/core';
import type { Mapping, MappingTable } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { InlineCell } from './InlineCell.js';

export interface ParametersTableProps {
  mapping: Mapping;
  table: MappingTable;
  busy: boolean;
  /** The edited text; the store turns it into a number, a boolean, text, or (empty) no value. */
  onValue(meaningUuid: string, text: string): void;
  t: WidgetTranslate;
}

/** The selected table's settings: one row per `parameter` meaning of the mapping, its value edited in place. */
export function ParametersTable({ mapping, table, busy, onValue, t }: ParametersTableProps) {
  const meanings = mapping.meanings.filter((meaning) => meaning.type === 'parameter');
  if (meanings.length === 0) return null;
  const valueOf = (uuid: string) => table.parameters.find((entry) => entry['meaning-uuid'] === uuid)?.value ?? null;
  return (
    <div className="varde-cloud-apps__table-wrap">
      <table className="varde-cloud-apps__grid varde-cloud-apps__parameters" part="parameters" aria-label={t('parameters')}>
        <thead>
          <tr>
            <th scope="col">{t('parameter')}</th>
            <th scope="col">{t('value')}</th>
          </tr>
        </thead>
        <tbody>
          {meanings.map((meaning) => (
            <tr key={meaning.uuid} data-parameter={meaning.uuid}>
              <th scope="row" className="varde-cloud-apps__meaning">
                {meaning.title}
              </th>
              <td>
                <InlineCell
                  value={parameterValueText(valueOf(meaning.uuid))}
                  label={t('cellLabel', { column: t('value'), meaning: meaning.title })}
                  hint={t('parameterHint')}
                  disabled={busy}
                  field="parameter-value"
                  onCommit={(text) => onValue(meaning.uuid, text)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
