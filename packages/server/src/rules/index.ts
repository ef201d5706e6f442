export { createRuleStore, type RuleStore } from './ruleStore.js';
export { createRuleEngine, type RuleEngine, type RuleNotification } from './ruleEngine.js';
export { registerRuleRoutes } from './routes.js';
