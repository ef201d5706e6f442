export {
  ALARM_CLASS_COLORS,
  ALARM_MARKER_COLORS,
  alarmClassColor,
  alarmMarkerColor,
  alarmClassTextColor,
  alarmClassRank,
} from './alarmColors.js';
export {
  formatAlarmTime,
  ALARM_TABLE_COLUMNS,
  filterAlarmRows,
  sortAlarmRows,
  alarmsToCsv,
  siteAlarmMarkers,
  NORWAY_MAP_VIEW,
  type AlarmTableColumn,
  type AlarmSort,
  type AlarmRowFilter,
  type SiteAlarmMarker,
} from './alarmRows.js';
export {
  listAlarms,
  acknowledgeAlarm,
  acknowledgeAlarms,
  commentAlarm,
  clearAlarm,
  shelveAlarm,
  unshelveAlarm,
  alarmHistory,
  raiseSimulatedAlarm,
  clearSimulatedAlarm,
  setSimulationRunning,
  createSimulatedSite,
} from './alarmsClient.js';
export {
  createAlarmsStore,
  createVisibleAlarmsSelector,
  DEFAULT_ALARM_SORT,
  type AlarmsState,
  type AlarmsStore,
} from './alarmsStore.js';
export { startAlarmPoller, ALARM_POLL_MS, type AlarmPoller, type AlarmPollerOptions } from './alarmPoller.js';
export { siteAlarmCards, type SiteAlarmCard } from './alarmCards.js';
