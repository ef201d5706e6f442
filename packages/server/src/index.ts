/** @varde/server: the reference cloud as a library (tests, tools, embedding). */
export { createCloud, BODY_LIMIT, type Cloud } from './cloud.js';
export type { CloudConfig, CloudContext, CloudOptions } from './context.js';
export type { StorageLocation } from './storage/db.js';
export type { Clock } from './clock.js';
export { demoUsers, demoUserList, DEMO_PASSWORD, type DemoUser } from './seed/demoUsers.js';
export type { AlarmService, RaiseAlarmInput } from './alarms/alarmStore.js';
export type { Simulation, SimulationEvent } from './simulation/simulation.js';
