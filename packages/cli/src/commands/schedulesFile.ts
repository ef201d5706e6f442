import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { createSchedule, listSchedules, replaceSchedule } from '@varde/core';
import type { OnCallSchedule, ScheduleInput } from '@varde/core/contract';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { readInputText } from '../io/readInput.js';
import { withContext, type CommandContext } from '../context.js';
import { alarmsCall, checkOnCloud, cloudProblemLines, entryLabel, parseEntryFile, resolveSites, sitesOf } from './onCallFiles.js';

/**
 * `varde schedules export [-f FILE]` and `varde schedules apply -f FILE [--dry-run]` (issue 35). The file:
 *
 *   schedules:
 *     - name: Driftsvakt Fjordvarme        # matched with a schedule of yours by id, else by name (any case)
 *       id: 3f6c…                          # optional
 *       timeZone: Europe/Oslo
 *       sites: null                        # or a list of site uuids or exact names
 *       layers:
 *         - users: [user@varde.test, power@varde.test]
 *           start: 2026-01-05T08:00        # first hand-off, wall time in timeZone
 *           rotation: weekly               # daily, weekly or an RRULE (FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR)
 *           endTime: "08:00"               # optional: shifts end at this time (nights)
 *       overrides:
 *         - { user: power@varde.test, from: 2026-03-28T08:00:00+01:00, to: 2026-03-29T20:00:00+02:00 }
 *
 * Every listed schedule becomes exactly as written (created when new); schedules not in the file are left
 * alone. The whole file is checked first, each schedule by the cloud as a write would check it, and nothing
 * is written when any entry is wrong: every problem is printed with its line, exit 2.
 */
const KEY = 'schedules';

type Plan = { entry: ScheduleInput; existing: OnCallSchedule | undefined; label: string };

/** What a schedule is, for telling whether applying it changes anything. */
function comparable(schedule: ScheduleInput): string {
  const instant = (value: string) => (Number.isNaN(Date.parse(value)) ? value : new Date(value).toISOString());
  return JSON.stringify({
    name: schedule.name, timeZone: schedule.timeZone, sites: schedule.sites ? [...schedule.sites].sort() : null,
    layers: schedule.layers.map((layer) => ({ users: layer.users.map((user) => user.toLowerCase()), start: layer.start, rotation: layer.rotation, endTime: layer.endTime ?? null })),
    overrides: (schedule.overrides ?? []).map((item) => ({ user: item.user.toLowerCase(), from: instant(item.from), to: instant(item.to) })),
  });
}

const fileEntryOf = (schedule: OnCallSchedule) => ({
  name: schedule.name, id: schedule.id, timeZone: schedule.timeZone, sites: schedule.sites,
  layers: schedule.layers, overrides: schedule.overrides,
});

async function runExport(context: CommandContext, options: { file?: string }): Promise<void> {
  const schedules = await alarmsCall(context, (http) => listSchedules(http));
  const value = { [KEY]: schedules.map(fileEntryOf) };
  if (options.file === undefined || options.file === '-') return context.output.printJson(value);
  const text = /\.ya?ml$/i.test(options.file) ? (await import('yaml')).stringify(value) : `${JSON.stringify(value, null, 2)}\n`;
  await writeFile(options.file, text);
  context.output.message(`Wrote ${schedules.length} schedule(s) to ${options.file}.`);
}

async function runApply(context: CommandContext, options: { file?: string; dryRun?: boolean }): Promise<void> {
  if (!options.file) throw new CliError('Give the file with -f FILE (- for stdin).', EXIT.usage);
  const input = await readInputText(options.file, context.stdin);
  const file = await parseEntryFile(input.text, input.name, KEY);
  const [existing, sites] = await Promise.all([alarmsCall(context, (http) => listSchedules(http)), sitesOf(context)]);

  // Everything is checked before anything is written.
  const errors: string[] = [];
  const plans: Plan[] = [];
  const seen = new Map<string, number>();
  for (const [index, raw] of file.entries.entries()) {
    const problem = (path: Array<string | number>, why: string) => errors.push(`${entryLabel(file, KEY, index, raw, path)}${path.length ? `.${path.join('.')}` : ''}: ${why}`);
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problem([], 'a schedule must be an object');
      continue;
    }
    const before = errors.length;
    const { id, ...body } = raw as Record<string, unknown>;
    if (typeof body.name !== 'string' || body.name.trim() === '') {
      problem(['name'], 'is required');
      continue;
    }
    const match = id === undefined ? existing.find((schedule) => schedule.name.toLowerCase() === String(body.name).trim().toLowerCase()) : existing.find((schedule) => schedule.id === id);
    if (id !== undefined && !match) problem(['id'], `no schedule ${String(id)} of yours`);
    const key = match?.id ?? `name:${String(body.name).trim().toLowerCase()}`;
    if (seen.has(key)) problem([], `the same schedule as ${KEY}[${seen.get(key)}]`);
    seen.set(key, index);
    const resolved = resolveSites(sites, body.sites, problem);
    const entry = { ...body, ...(resolved === undefined ? {} : { sites: resolved }) } as unknown as ScheduleInput;
    // The cloud checks the rest as a write would, naming every wrong field of the entry.
    if (errors.length === before) errors.push(...cloudProblemLines(file, KEY, index, raw, await checkOnCloud(context, '/oncall/schedules/check', entry)));
    plans.push({ entry, existing: match, label: String(body.name) });
  }
  if (errors.length > 0) throw new CliError(`${input.name} has errors; nothing was changed:\n${errors.join('\n')}`, EXIT.usage);

  const summary = { created: 0, updated: 0, unchanged: 0, dryRun: options.dryRun === true, schedules: [] as Array<{ name: string; id: string | null; action: string }> };
  const lines: string[] = [];
  for (const plan of plans) {
    const action = !plan.existing ? 'created' : comparable(fileEntryOf(plan.existing)) === comparable(plan.entry) ? 'unchanged' : 'updated';
    let id = plan.existing?.id ?? null;
    if (!options.dryRun && action === 'created') id = (await alarmsCall(context, (http) => createSchedule(http, plan.entry))).id;
    if (!options.dryRun && action === 'updated') await alarmsCall(context, (http) => replaceSchedule(http, plan.existing!.id, plan.entry));
    summary[action] += 1;
    summary.schedules.push({ name: plan.label, id, action });
    lines.push(`${action === 'created' ? '+' : action === 'updated' ? '~' : '='} ${plan.label}${id ? ` (${id})` : ''}`);
  }
  if (context.output.json) return context.output.printJson(summary);
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  const verb = options.dryRun ? 'Would create' : 'Created';
  context.output.message(`${verb} ${summary.created}, ${options.dryRun ? 'would update' : 'updated'} ${summary.updated}; ${summary.unchanged} unchanged.`);
}

export function registerScheduleFileCommands(schedules: Command): void {
  schedules
    .command('export')
    .description('Write your schedules as the file `schedules apply` reads (JSON, or YAML for .yaml/.yml; stdout without -f)')
    .option('-f, --file <file>', 'the file to write')
    .action(withContext<[{ file?: string }]>(runExport));
  schedules
    .command('apply')
    .description('Make the schedules in FILE (JSON or YAML, - for stdin) exactly as written, creating new ones; checks the whole file first')
    .option('-f, --file <file>', 'the file to read')
    .option('--dry-run', 'check and print what would change, change nothing')
    .action(withContext<[{ file?: string; dryRun?: boolean }]>(runApply));
}
