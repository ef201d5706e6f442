/**
 * `varde-mapping-table-change`: the cloud confirmed a change to a mapping table, or (`mapping`, tableUuid
 * null) to the mapping's own fields; then it was reloaded.
 */
export interface MappingTableChangeDetail {
  mappingUuid: string;
  tableUuid: string | null;
  change: 'created' | 'copied' | 'renamed' | 'deleted' | 'activated' | 'deactivated' | 'tag-mapping' | 'parameter' | 'mapping';
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-mapping-table-change': MappingTableChangeDetail;
  }
}
