export {
  listMappings,
  getMapping,
  updateMapping,
  listMappingTables,
  putMappingTable,
  patchMappingTable,
  deleteMappingTable,
  putTagMapping,
  type MappingsCallOptions,
} from './mappingsClient.js';
export { tagMappingRows, controllerIdError, type TagMappingRow } from './tagMappingRules.js';
export { createCloudAppsStore, type CloudAppsState, type CloudAppsOptions } from './cloudAppsStore.js';
export { parameterValueFromText, parameterValueText } from './parameterText.js';
