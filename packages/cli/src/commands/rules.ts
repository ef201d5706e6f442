import type { Command } from 'commander';
import {
  deleteSiteRules,
  diffRules,
  getRuleLog,
  getSiteRules,
  isEmptyDiff,
  listAllSites,
  listRuleSites,
  listRuleUsers,
  saveSiteRules,
  testRule,
  type HttpClient,
} from '@varde/core';
import type { NotificationRule, NotificationRules, RuleUser, Site } from '@varde/core/contract';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { promptVisible, stdinIsTerminal } from '../io/prompt.js';
import { readInputText } from '../io/readInput.js';
import type { Column } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';
import { DELIVERY_COLUMNS, LOG_COLUMNS } from './rulesDeliveries.js';
import { buildSiteRules, describeRule, parseRuleFile, resolveSite } from './rulesFile.js';
import { ruleLines } from './rulesFileLines.js';

const call = <T>(context: CommandContext, run: (http: HttpClient) => Promise<T>) => context.session.call('controllers-api', run);

interface RuleRow {
  site: Site;
  rule: NotificationRule;
  users: string[];
}

const RULE_COLUMNS: Column<RuleRow>[] = [
  { header: 'Site', value: (row) => row.site.name },
  { header: 'Name', value: (row) => row.rule.name ?? '', full: true },
  { header: 'Rule id', value: (row) => row.rule.ruleId, full: true },
  { header: 'Threshold', value: (row) => row.rule.threshold },
  { header: 'Channels', value: (row) => row.rule.channeltype.join(',') },
  { header: 'Users', value: (row) => row.users.join(','), full: true },
];

/** `varde rules list|apply|test|log|delete`: notification rules per site. */
export function registerRulesCommand(program: Command): void {
  const rules = program.command('rules').description('List, apply, test and delete notification rules of your sites, and read what they sent');
  rules
    .command('list')
    .description('List notification rules (every site with rules, or one site)')
    .option('--site <site>', 'only this site (uuid or exact name)')
    .action(withContext<[{ site?: string }]>(runList));
  rules
    .command('apply <file>')
    .description('Make the rules of the sites in FILE (JSON or YAML, - for stdin) exactly those listed; idempotent')
    .option('--dry-run', 'print what would change and change nothing')
    .action(withContext<[string, { dryRun?: boolean }]>(runApply));
  rules
    .command('test <site> <ruleId>')
    .description("Send a test message on each of a rule's channels to each of its users; lists what was sent and what was skipped and why")
    .action(withContext<[string, string]>(runTest));
  rules
    .command('log <site> <ruleId>')
    .description('What a rule sent or skipped, to whom, when and by which channel (tests and alarms), newest first')
    .option('--limit <n>', 'at most this many lines (1-500)')
    .action(withContext<[string, string, { limit?: string }]>(runLog));
  rules
    .command('delete <site>')
    .description('Delete every rule of a site (asks first; --yes when not on a terminal)')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(withContext<[string, { yes?: boolean }]>(runDelete));
}

async function siteNamed(context: CommandContext, ref: string): Promise<Site> {
  const sites = await call(context, (http) => listAllSites(http));
  const site = resolveSite(sites, ref);
  if (typeof site === 'string') throw new CliError(`${site[0]!.toUpperCase()}${site.slice(1)}.`, EXIT.notFound);
  return site;
}

async function runList(context: CommandContext, options: { site?: string }): Promise<void> {
  const sites = options.site
    ? [await siteNamed(context, options.site)]
    : (await call(context, (http) => listRuleSites(http))).filter((site) => site.rules > 0);
  const rows: RuleRow[] = [];
  const bySite: Record<string, Array<NotificationRule & { users: string[] }>> = {};
  for (const site of sites) {
    const [rules, users] = await call(context, (http) => Promise.all([getSiteRules(http, site.uuid), listRuleUsers(http, site.uuid)]));
    const nameOf = (uid: string) => users.find((user) => user.uid === uid)?.username ?? uid;
    bySite[site.uuid] = [];
    for (const rule of Object.values(rules)) {
      rows.push({ site, rule, users: rule.users.map(nameOf) });
      bySite[site.uuid]!.push({ ...rule, users: rule.users.map(nameOf) });
    }
  }
  // --json writes the file `varde rules apply` reads (users by e-mail, sites by uuid).
  context.output.list(rows, RULE_COLUMNS, { jsonValue: { sites: bySite }, empty: 'No notification rules.' });
}

interface SitePlan {
  site: Site;
  current: NotificationRules;
  wanted: NotificationRules;
  users: RuleUser[];
}

async function runApply(context: CommandContext, file: string, options: { dryRun?: boolean }): Promise<void> {
  const input = await readInputText(file, context.stdin);
  const entries = await parseRuleFile(input.text, input.name);
  const lineOf = await ruleLines(input.text);
  const sites = await call(context, (http) => listAllSites(http));

  // Validate everything first: nothing is written when any site, user or rule is wrong.
  const errors: string[] = [];
  const plans: SitePlan[] = [];
  for (const [ref, list] of entries) {
    const site = resolveSite(sites, ref);
    if (typeof site === 'string') {
      errors.push(`sites.${ref}: ${site}`);
      continue;
    }
    const [current, users] = await call(context, (http) => Promise.all([getSiteRules(http, site.uuid), listRuleUsers(http, site.uuid)]));
    const built = buildSiteRules(site, list, users, `sites.${ref}`, (index) => lineOf(ref, index));
    errors.push(...built.errors);
    plans.push({ site, current, wanted: built.rules, users });
  }
  if (errors.length > 0) throw new CliError(`${input.name} has errors; nothing was changed:\n${errors.join('\n')}`, EXIT.usage);

  const summary = { changed: 0, unchanged: 0, dryRun: options.dryRun === true, sites: [] as unknown[] };
  const lines: string[] = [];
  for (const plan of plans) {
    const diff = diffRules(plan.current, plan.wanted);
    const nameOf = (uid: string) => plan.users.find((user) => user.uid === uid)?.username ?? uid;
    const empty = isEmptyDiff(diff);
    summary.sites.push({
      site: plan.site.uuid,
      name: plan.site.name,
      added: diff.added.map((rule) => rule.ruleId),
      changed: diff.changed.map((change) => change.after.ruleId),
      removed: diff.removed.map((rule) => rule.ruleId),
      unchanged: diff.unchanged.map((rule) => rule.ruleId),
    });
    if (empty) summary.unchanged += 1;
    else summary.changed += 1;
    if (options.dryRun || !empty) {
      lines.push(`${plan.site.name} (${plan.site.uuid}):${empty ? ' unchanged' : ''}`);
      for (const rule of diff.added) lines.push(`  + ${describeRule(rule, nameOf)}`);
      for (const { before, after } of diff.changed) lines.push(`  ~ ${describeRule(before, nameOf)}\n    -> ${describeRule(after, nameOf)}`);
      for (const rule of diff.removed) lines.push(`  - ${describeRule(rule, nameOf)}`);
    }
    if (!options.dryRun && !empty) {
      if (Object.keys(plan.wanted).length === 0) await call(context, (http) => deleteSiteRules(http, plan.site.uuid));
      else await call(context, (http) => saveSiteRules(http, plan.site.uuid, plan.wanted));
    }
  }
  if (context.output.json) return context.output.printJson(summary);
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  const verb = options.dryRun ? 'Would change' : 'Changed';
  context.output.message(`${verb} ${summary.changed} site(s); ${summary.unchanged} unchanged.`);
}

async function runTest(context: CommandContext, siteRef: string, ruleId: string): Promise<void> {
  const site = await siteNamed(context, siteRef);
  const result = await call(context, (http) => testRule(http, site.uuid, ruleId));
  if (!('data' in result)) {
    throw new CliError(`Test failed: ${result.status} ${result.detail}`, result.status === 404 ? EXIT.notFound : result.status === 403 ? EXIT.forbidden : EXIT.failure);
  }
  const { deliveries } = result.data;
  context.output.list(deliveries, DELIVERY_COLUMNS, { jsonValue: result });
  const sent = deliveries.filter((delivery) => delivery.outcome === 'sent').length;
  // A skipped message (say an SMS to a user without a phone) is part of the answer, not a failure;
  // only a test that reached no one at all fails.
  context.output.message(`Sent ${sent} test message(s); skipped ${deliveries.length - sent}.`);
  if (sent === 0) throw new CliError('No test message could be sent.', EXIT.failure);
}

async function runLog(context: CommandContext, siteRef: string, ruleId: string, options: { limit?: string }): Promise<void> {
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 500)) throw usageError('--limit must be a whole number from 1 to 500.');
  const site = await siteNamed(context, siteRef);
  const entries = await call(context, (http) => getRuleLog(http, site.uuid, ruleId, limit ? { limit } : {}));
  context.output.list(entries, LOG_COLUMNS, { empty: `Nothing sent for rule ${ruleId} yet.` });
}

async function runDelete(context: CommandContext, siteRef: string, options: { yes?: boolean }): Promise<void> {
  const site = await siteNamed(context, siteRef);
  const count = Object.keys(await call(context, (http) => getSiteRules(http, site.uuid))).length;
  if (count === 0) {
    context.output.message(`${site.name} has no notification rules.`);
    return;
  }
  if (!options.yes) {
    if (!stdinIsTerminal()) throw usageError('Refusing to delete without --yes when not on a terminal.');
    const answer = await promptVisible(`Delete all ${count} notification rules of ${site.name}? Type yes to confirm`);
    if (answer.toLowerCase() !== 'yes') throw new CliError('Cancelled; nothing was deleted.', EXIT.failure);
  }
  await call(context, (http) => deleteSiteRules(http, site.uuid));
  context.output.message(`Deleted ${count} notification rule(s) of ${site.name}.`);
}
