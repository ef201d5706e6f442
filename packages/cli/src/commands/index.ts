import type { Command } from 'commander';
import { registerApiCommand } from './api.js';
import { registerHelpCommand } from './help.js';
import { registerLoginCommand } from './login.js';
import { registerLogoutCommand } from './logout.js';
import { registerOutboxCommand } from './outbox.js';
import { registerUsersCommand } from './users.js';
import { registerLicencesCommand } from './licences.js';
import { registerAlarmsCommand } from './alarms.js';
import { registerSearchCommand } from './search.js';
import { registerSitesCommand } from './sites.js';
import { registerRulesCommand } from './rules.js';
import { registerOnCallCommands } from './oncall.js';
import { registerWhoamiCommand } from './whoami.js';
import { registerFunctionsCommand } from './functions.js';
import { registerMappingsCommand } from './mappings.js';
import { registerBimCommand } from './bim.js';
import { registerCompletionCommand } from './completion.js';
import { registerTokensCommand } from './tokens.js';
import { registerServiceAccountsCommand } from './serviceAccounts.js';
import { registerDirectoryCommand } from './directory.js';
import { registerAuditCommand } from './audit.js';

/**
 * Every command group, in the order `varde --help` lists them. A new group (users, licences,
 * functions, rules, mappings) is one file in this folder exporting `register…Command(program)`,
 * added here.
 */
export function registerCommands(program: Command): void {
  registerLoginCommand(program);
  registerWhoamiCommand(program);
  registerLogoutCommand(program);
  registerTokensCommand(program);
  registerServiceAccountsCommand(program);
  registerDirectoryCommand(program);
  registerAuditCommand(program);
  registerApiCommand(program);
  registerOutboxCommand(program);
  registerUsersCommand(program);
  registerLicencesCommand(program);
  registerSitesCommand(program);
  registerAlarmsCommand(program);
  registerSearchCommand(program);
  registerRulesCommand(program);
  registerOnCallCommands(program);
  registerFunctionsCommand(program);
  registerMappingsCommand(program);
  registerBimCommand(program);
  registerCompletionCommand(program);
  registerHelpCommand(program);
}
