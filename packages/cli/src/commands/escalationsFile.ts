import type { Command } from 'commander';
import { createEscalationPolicy, listEscalationPolicies, listSchedules, replaceEscalationPolicy } from '@varde/core';
import type { EscalationPolicy, OnCallSchedule, PolicyInput } from '@varde/core/contract';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { readInputText } from '../io/readInput.js';
import { withContext, type CommandContext } from '../context.js';
import { alarmsCall, checkOnCloud, cloudProblemLines, entryLabel, parseEntryFile, resolveSites, sitesOf } from './onCallFiles.js';

/**
 * `varde escalations apply -f FILE [--dry-run]` (issue 35). The file (what `escalations list --json` prints
 * is one too):
 *
 *   policies:
 *     - name: Klasse A-alarmer Fjordvarme   # matched with a policy of yours by id, else by name (any case)
 *       sites: null                         # or a list of site uuids or exact names
 *       priorities: [A]
 *       steps:
 *         - afterMinutes: 0
 *           targets: [{ schedule: Driftsvakt Fjordvarme }]   # a schedule by id or name
 *           channels: [mail, sms]
 *         - afterMinutes: 5
 *           targets: [{ backup: Driftsvakt Fjordvarme }, { user: power@varde.test }, { role: Admin }]
 *           channels: [mail]
 *       repeat: 1
 *       repeatAfterMinutes: 5
 *
 * Schedules are the cloud's (apply a schedules file first). Checked whole before anything is written, as
 * `schedules apply`: every problem with its line, exit 2.
 */
const KEY = 'policies';

type Plan = { entry: PolicyInput; existing: EscalationPolicy | undefined; label: string };

function comparable(policy: PolicyInput): string {
  return JSON.stringify({
    name: policy.name, sites: policy.sites ? [...policy.sites].sort() : null, priorities: policy.priorities.map((priority) => priority.toUpperCase()),
    steps: policy.steps.map((step) => ({ ...step, targets: step.targets.map((target) => ('user' in target ? { user: target.user.toLowerCase() } : target)) })),
    repeat: policy.repeat ?? 0, repeatAfterMinutes: policy.repeatAfterMinutes ?? 5,
  });
}

/** `{schedule: name}` / `{backup: name}` -> the schedule's id (an id stays); an unknown one is a problem. */
function resolveTargets(steps: unknown, schedules: readonly OnCallSchedule[], problem: (path: Array<string | number>, why: string) => void): unknown {
  if (!Array.isArray(steps)) return steps;
  return steps.map((step, index) => {
    if (!step || typeof step !== 'object' || !Array.isArray((step as { targets?: unknown }).targets)) return step;
    const targets = (step as { targets: unknown[] }).targets.map((target, position) => {
      if (!target || typeof target !== 'object') return target;
      const kind = 'schedule' in target ? 'schedule' : 'backup' in target ? 'backup' : null;
      if (!kind) return target;
      const ref = String((target as Record<string, unknown>)[kind]);
      const found = schedules.find((schedule) => schedule.id === ref) ?? schedules.find((schedule) => schedule.name.toLowerCase() === ref.toLowerCase());
      if (!found) problem(['steps', index, 'targets', position, kind], `no schedule "${ref}" of yours (by id or name)`);
      return { [kind]: found?.id ?? ref };
    });
    return { ...step, targets };
  });
}

async function runApply(context: CommandContext, options: { file?: string; dryRun?: boolean }): Promise<void> {
  if (!options.file) throw new CliError('Give the file with -f FILE (- for stdin).', EXIT.usage);
  const input = await readInputText(options.file, context.stdin);
  const file = await parseEntryFile(input.text, input.name, KEY);
  const [existing, schedules, sites] = await Promise.all([
    alarmsCall(context, (http) => listEscalationPolicies(http)), alarmsCall(context, (http) => listSchedules(http)), sitesOf(context),
  ]);

  const errors: string[] = [];
  const plans: Plan[] = [];
  const seen = new Map<string, number>();
  for (const [index, raw] of file.entries.entries()) {
    const problem = (path: Array<string | number>, why: string) => errors.push(`${entryLabel(file, KEY, index, raw, path)}${path.length ? `.${path.join('.')}` : ''}: ${why}`);
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problem([], 'a policy must be an object');
      continue;
    }
    const before = errors.length;
    // `updatedAt` is what `escalations list --json` adds; it is not the file's to set.
    const { id, updatedAt: _updatedAt, ...body } = raw as Record<string, unknown>;
    if (typeof body.name !== 'string' || body.name.trim() === '') {
      problem(['name'], 'is required');
      continue;
    }
    const match = id === undefined ? existing.find((policy) => policy.name.toLowerCase() === String(body.name).trim().toLowerCase()) : existing.find((policy) => policy.id === id);
    if (id !== undefined && !match) problem(['id'], `no escalation policy ${String(id)} of yours`);
    const key = match?.id ?? `name:${String(body.name).trim().toLowerCase()}`;
    if (seen.has(key)) problem([], `the same policy as ${KEY}[${seen.get(key)}]`);
    seen.set(key, index);
    const resolved = resolveSites(sites, body.sites, problem);
    const entry = { ...body, ...(resolved === undefined ? {} : { sites: resolved }), steps: resolveTargets(body.steps, schedules, problem) } as unknown as PolicyInput;
    // The cloud checks the rest as a write would, naming every wrong field of the entry.
    if (errors.length === before) errors.push(...cloudProblemLines(file, KEY, index, raw, await checkOnCloud(context, '/escalations/policies/check', entry)));
    plans.push({ entry, existing: match, label: String(body.name) });
  }
  if (errors.length > 0) throw new CliError(`${input.name} has errors; nothing was changed:\n${errors.join('\n')}`, EXIT.usage);

  const summary = { created: 0, updated: 0, unchanged: 0, dryRun: options.dryRun === true, policies: [] as Array<{ name: string; id: string | null; action: string }> };
  const lines: string[] = [];
  for (const plan of plans) {
    const action = !plan.existing ? 'created' : comparable(plan.existing) === comparable(plan.entry) ? 'unchanged' : 'updated';
    let id = plan.existing?.id ?? null;
    if (!options.dryRun && action === 'created') id = (await alarmsCall(context, (http) => createEscalationPolicy(http, plan.entry))).id;
    if (!options.dryRun && action === 'updated') await alarmsCall(context, (http) => replaceEscalationPolicy(http, plan.existing!.id, plan.entry));
    summary[action] += 1;
    summary.policies.push({ name: plan.label, id, action });
    lines.push(`${action === 'created' ? '+' : action === 'updated' ? '~' : '='} ${plan.label}${id ? ` (${id})` : ''}`);
  }
  if (context.output.json) return context.output.printJson(summary);
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  context.output.message(`${options.dryRun ? 'Would create' : 'Created'} ${summary.created}, ${options.dryRun ? 'would update' : 'updated'} ${summary.updated}; ${summary.unchanged} unchanged.`);
}

export function registerPolicyFileCommands(escalations: Command): void {
  escalations
    .command('apply')
    .description('Make the policies in FILE (JSON or YAML, - for stdin) exactly as written, creating new ones; checks the whole file first')
    .option('-f, --file <file>', 'the file to read')
    .option('--dry-run', 'check and print what would change, change nothing')
    .action(withContext<[{ file?: string; dryRun?: boolean }]>(runApply));
}
