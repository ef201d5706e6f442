/** The reference cloud for widget tests (in memory, demo data, ephemeral port). */
export { startCloud, type Cloud } from '../../../server/test/helpers/startCloud.js';
export { demoUsers, DEMO_PASSWORD } from '../../../server/src/seed/demoUsers.js';
