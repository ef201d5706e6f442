/** The building's connections: model GUID and name, controller, tag, description, substation; edit and remove per row. */
import type { MapperConnection } from '@varde/core';
import type { Site } from '@varde/core/contract';
import '../shared/shoelaceElements.js';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface ConnectionsTableProps {
  connections: MapperConnection[];
  sites: Site[];
  editing: string | null;
  t: WidgetTranslate;
  onEdit: (uuid: string) => void;
  onRemove: (uuid: string) => void;
}

export function ConnectionsTable({ connections, sites, editing, t, onEdit, onRemove }: ConnectionsTableProps) {
  const siteName = new Map(sites.map((site) => [site.uuid, site.name]));
  if (connections.length === 0) return <p className="varde-bim-mapper__muted" data-empty-connections>{t('noConnections')}</p>;
  return (
    <div className="varde-bim-mapper__table-wrap" part="connections">
      <table className="varde-bim-mapper__table varde-bim-mapper__table--cards">
        <thead>
          <tr>
            <th scope="col">{t('colModelObject')}</th>
            <th scope="col">{t('colController')}</th>
            <th scope="col">{t('colTag')}</th>
            <th scope="col">{t('colDescription')}</th>
            <th scope="col">{t('colSubstation')}</th>
            <th scope="col">{t('colActions')}</th>
          </tr>
        </thead>
        <tbody>
          {connections.map(({ edge, saved }) => {
            const model = edge.from_node.obj.type === 'bim' ? edge.from_node.obj : null;
            const tag = edge.to_node.obj.type === 'tag' ? edge.to_node.obj : null;
            return (
              <tr key={edge.uuid} data-connection={edge.uuid} data-guid={model?.['BIM GUID']} data-saved={saved ? 'true' : 'false'} aria-current={editing === edge.uuid ? 'true' : undefined}>
                <td data-label={t('colModel')}>
                  <div>
                    <span className="varde-bim-mapper__object-name">{model?.['BIM Navn']}</span>
                    <span className="varde-bim-mapper__mono varde-bim-mapper__guid">{model?.['BIM GUID']}</span>
                  </div>
                </td>
                <td title={tag?.controllerId} data-label={t('colController')}>{tag ? (siteName.get(tag.controllerId) ?? tag.controllerId) : ''}</td>
                <td data-cell="tag" data-label={t('colTag')}>
                  {tag?.tag}
                  {saved ? null : <span className="varde-bim-mapper__badge">{t('notSaved')}</span>}
                </td>
                <td data-label={t('colDescription')}>{tag?.description || model?.['BIM beskrivelse']}</td>
                <td data-label={t('colSubstation')}>{tag?.substation}</td>
                <td className="varde-bim-mapper__row-actions">
                  <sl-button size="small" data-action="edit" onClick={() => onEdit(edge.uuid)}>
                    {t('edit')}
                  </sl-button>
                  <sl-button size="small" variant="danger" outline data-action="remove" onClick={() => onRemove(edge.uuid)}>
                    {t('remove')}
                  </sl-button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
