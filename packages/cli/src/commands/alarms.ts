import type { Command } from 'commander';
import { formatAlarmTime, listAlarms } from '@varde/core';
import { ALARM_STATE_FILTERS, isShelved, type AlarmRow, type AlarmStateFilter, type ListAlarmsQuery } from '@varde/core/contract';
import { usageError } from '../errors.js';
import type { Column } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';
import { registerAlarmLifecycleCommands } from './alarmsLifecycle.js';

interface AlarmsListOptions {
  site?: string;
  class?: string;
  active?: boolean;
  cleared?: boolean;
  state?: string;
  watch?: boolean;
  interval?: string;
}

function stateOf(row: AlarmRow): string {
  const state = row.inactive === null ? 'active' : 'cleared';
  const acked = row.acknowledgedBy === null ? `${state}, unacked` : `${state}, acked`;
  return isShelved(row, Date.now()) ? `${acked}, shelved` : acked;
}

const ALARM_COLUMNS: Column<AlarmRow>[] = [
  { header: 'Class', value: (row) => row.alarmGroup },
  { header: 'Site', value: (row) => row.site },
  { header: 'Name', value: (row) => row.tagName },
  { header: 'Last triggered', value: (row) => formatAlarmTime(row.active) },
  { header: 'Description', value: (row) => row.text },
  { header: 'Value', value: (row) => row.value },
  { header: 'State', value: stateOf },
  { header: 'Id', value: (row) => row.id, full: true },
];

/** `varde alarms list`: alarms of your sites, newest first; --watch follows changes. The other verbs: alarmsLifecycle.ts. */
export function registerAlarmsCommand(program: Command): void {
  const alarms = program.command('alarms').description('List, follow, acknowledge, clear and shelve the alarms of your sites');
  alarms
    .command('list')
    .description('List alarms of your sites, newest first')
    .option('--site <site>', 'only this site (name or uuid)')
    .option('--class <class>', 'only this alarm class (A, B, C)')
    .option('--active', 'only active alarms')
    .option('--cleared', 'only cleared alarms')
    .option('--state <state>', `only alarms in this state: ${ALARM_STATE_FILTERS.join(', ')}`)
    .option('--watch', 'keep running and print alarms as they are raised, cleared or acknowledged (Ctrl-C stops)')
    .option('--interval <seconds>', 'how often --watch asks (default 3)')
    .action(withContext<[AlarmsListOptions]>(runAlarmsList));
  registerAlarmLifecycleCommands(alarms, ALARM_COLUMNS);
}

async function runAlarmsList(context: CommandContext, options: AlarmsListOptions): Promise<void> {
  if (options.active && options.cleared) throw usageError('Use either --active or --cleared, not both.');
  const intervalMs = parseInterval(options.interval);
  const query: ListAlarmsQuery = {};
  if (options.site !== undefined) query.site = options.site;
  if (options.class !== undefined) query.class = options.class.toUpperCase();
  if (options.active) query.active = 'true';
  if (options.cleared) query.active = 'false';
  if (options.state !== undefined) {
    const state = options.state.toLowerCase() as AlarmStateFilter;
    if (!ALARM_STATE_FILTERS.includes(state)) throw usageError(`Invalid --state "${options.state}": one of ${ALARM_STATE_FILTERS.join(', ')}.`);
    query.state = state;
  }

  const fetchRows = (since?: number) =>
    context.session.call('alarms', (http) => listAlarms(http, since === undefined ? query : { ...query, since }));

  let checkedAt = Date.now();
  const rows = await fetchRows();
  if (!options.watch) {
    context.output.list(rows, ALARM_COLUMNS, { empty: 'No alarms.' });
    return;
  }
  // --watch: every change as it comes. Under --json, one JSON object per line (NDJSON).
  const seen = new Map<string, string>();
  const print = (fresh: AlarmRow[]) => {
    const changed = fresh.filter((row) => seen.get(row.id) !== JSON.stringify(row));
    for (const row of changed) seen.set(row.id, JSON.stringify(row));
    if (changed.length === 0) return;
    if (context.output.json) process.stdout.write(changed.map((row) => JSON.stringify(row)).join('\n') + '\n');
    else context.output.list([...changed].reverse(), ALARM_COLUMNS);
  };
  print(rows);
  context.output.message(`Watching for alarm changes every ${intervalMs / 1000} s (Ctrl-C stops)…`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    // A margin against clock skew between this machine and the cloud; `seen` drops repeats.
    const since = Math.max(0, checkedAt - 5000);
    checkedAt = Date.now();
    print(await fetchRows(since));
  }
}

function parseInterval(value: string | undefined): number {
  if (value === undefined) return 3000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0.2 || seconds > 3600) throw usageError(`Invalid --interval "${value}": seconds between 0.2 and 3600.`);
  return Math.round(seconds * 1000);
}
