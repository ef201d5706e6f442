export * from './alarmColors.js';
export * from './alarmRows.js';
export * from './alarmsClient.js';
export * from './alarmsStore.js';
export * from './alarmPoller.js';
export * from './alarmCards.js';
export * from './alarmStaleness.js';
