import type { Command } from 'commander';
import type { HttpClient } from '@varde/core';
import { usageError } from '../errors.js';
import type { Column } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';
import { registerPolicyFileCommands } from './escalationsFile.js';
import { registerScheduleFileCommands } from './schedulesFile.js';

/**
 * On-call schedules and escalation policies (issue 35) on the alarms service: `varde oncall who`,
 * `varde schedules list|export|apply`, `varde escalations list|apply|delete` (the files: schedulesFile.ts, escalationsFile.ts). Every answer is the cloud's, under --json as it
 * came; the cloud checks the partner, so another partner's schedule or policy is "not found" here too.
 */
interface Schedule {
  id: string;
  name: string;
  timeZone: string;
  sites: string[] | null;
  layers: Array<{ users: string[]; start: string; rotation: string; endTime?: string }>;
  overrides: Array<{ user: string; from: string; to: string }>;
}
interface Policy {
  id: string;
  name: string;
  sites: string[] | null;
  priorities: string[];
  steps: Array<{ afterMinutes: number; targets: Array<Record<string, string>>; channels: string[] }>;
  repeat: number;
}
interface WhoRow {
  schedule: { id: string; name: string };
  user: string | null;
  uid?: string | null;
  source?: string;
  from?: string;
  until?: string | null;
}

const get = <T>(context: CommandContext, path: string, query: Record<string, string | undefined> = {}) =>
  context.session.call('alarms', (http: HttpClient) => http.request('alarms', path, { query }) as Promise<T>);

/** `--at`: an ISO time with its offset (or Z), or ms since the epoch; the cloud checks it too. */
function atOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value) || (/(?:Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)))) return value;
  throw usageError(`Invalid --at "${value}": use an ISO time with its offset (2026-03-29T02:00:00+02:00) or ms since the epoch.`);
}

const WHO_COLUMNS: Column<WhoRow>[] = [
  { header: 'Schedule', value: (row) => row.schedule.name },
  { header: 'On call', value: (row) => row.user ?? '(nobody)' },
  { header: 'Why', value: (row) => row.source ?? '' },
  { header: 'From', value: (row) => row.from ?? '' },
  { header: 'Until', value: (row) => row.until ?? '' },
];

async function runWho(context: CommandContext, options: { site?: string; at?: string }): Promise<void> {
  const at = atOf(options.at);
  if (options.site !== undefined) {
    const answer = await get<{ site: string; at: string; data: WhoRow[] }>(context, '/oncall/who', { site: options.site, at });
    context.output.list(answer.data, WHO_COLUMNS, { jsonValue: answer, empty: 'No schedule of yours covers this site.' });
    return;
  }
  // Without a site: each of your schedules, asked over one millisecond of its timeline.
  const from = at === undefined ? Date.now() : /^\d+$/.test(at) ? Number(at) : Date.parse(at);
  const schedules = (await get<{ data: Schedule[] }>(context, '/oncall/schedules')).data;
  const rows: WhoRow[] = [];
  for (const schedule of schedules) {
    const timeline = await get<{ data: Array<{ user: string; uid: string; from: string; to: string }> }>(context, `/oncall/schedules/${encodeURIComponent(schedule.id)}/timeline`, {
      from: String(from), to: String(from + 1),
    });
    const span = timeline.data[0];
    rows.push({ schedule: { id: schedule.id, name: schedule.name }, user: span?.user ?? null, uid: span?.uid ?? null, ...(span ? { from: span.from, until: span.to } : {}) });
  }
  context.output.list(rows, WHO_COLUMNS, { jsonValue: { at: new Date(from).toISOString(), data: rows }, empty: 'You have no on-call schedules.' });
}

async function runSchedulesList(context: CommandContext): Promise<void> {
  const schedules = (await get<{ data: Schedule[] }>(context, '/oncall/schedules')).data;
  context.output.list(schedules, [
    { header: 'Name', value: (schedule) => schedule.name },
    { header: 'Time zone', value: (schedule) => schedule.timeZone },
    { header: 'Sites', value: (schedule) => (schedule.sites === null ? 'all' : schedule.sites.join(' ')) },
    { header: 'Layers', value: (schedule) => schedule.layers.map((layer) => `${layer.rotation} from ${layer.start}: ${layer.users.join(', ')}`).join('; ') },
    { header: 'Overrides', value: (schedule) => schedule.overrides.length },
    { header: 'Id', value: (schedule) => schedule.id, full: true },
  ], { jsonValue: schedules, empty: 'You have no on-call schedules.' });
}

async function runEscalationsList(context: CommandContext): Promise<void> {
  const policies = (await get<{ data: Policy[] }>(context, '/escalations/policies')).data;
  context.output.list(policies, [
    { header: 'Name', value: (policy) => policy.name },
    { header: 'Classes', value: (policy) => policy.priorities.join(' ') },
    { header: 'Sites', value: (policy) => (policy.sites === null ? 'all' : policy.sites.join(' ')) },
    { header: 'Steps', value: (policy) => policy.steps.map((step) => `${step.afterMinutes} min: ${step.targets.map((target) => Object.entries(target).map(([kind, who]) => `${kind} ${who}`).join('')).join(', ')} by ${step.channels.join('+')}`).join('; ') },
    { header: 'Repeat', value: (policy) => policy.repeat },
    { header: 'Id', value: (policy) => policy.id, full: true },
  ], { jsonValue: policies, empty: 'You have no escalation policies.' });
}

async function runEscalationsDelete(context: CommandContext, id: string): Promise<void> {
  await context.session.call('alarms', (http: HttpClient) => http.request('alarms', `/escalations/policies/${encodeURIComponent(id)}`, { method: 'DELETE' }));
  context.output.message(`Deleted the escalation policy ${id}.`);
}

export function registerOnCallCommands(program: Command): void {
  program
    .command('oncall')
    .description('Who is on call (on-call schedules)')
    .command('who')
    .description('Who is on call now or at --at: for a site, each schedule covering it; else each of your schedules')
    .option('--site <uuid>', 'the site (its uuid)')
    .option('--at <time>', 'an ISO time with its offset, or ms since the epoch (default: now)')
    .action(withContext<[{ site?: string; at?: string }]>(runWho));

  const schedules = program.command('schedules').description('On-call schedules of your partner');
  schedules.command('list').description('List the schedules').action(withContext<[]>(runSchedulesList));
  registerScheduleFileCommands(schedules);

  const escalations = program.command('escalations').description('Escalation policies of your partner');
  escalations.command('list').description('List the policies with their sites, classes and steps').action(withContext<[]>(runEscalationsList));
  registerPolicyFileCommands(escalations);
  escalations.command('delete').description('Delete a policy (its running escalations stop at their next step)').argument('<id>', 'the policy id').action(withContext<[string]>(runEscalationsDelete));
}
