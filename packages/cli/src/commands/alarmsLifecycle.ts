import type { Command } from 'commander';
import {
  acknowledgeAlarm,
  acknowledgeAlarms,
  alarmHistory,
  clearAlarm,
  commentAlarm,
  formatAlarmTime,
  shelveAlarm,
  unshelveAlarm,
} from '@varde/core';
import { MAX_SHELVE_MINUTES, type AlarmHistoryEntry, type AlarmHistoryEscalation, type AlarmRow } from '@varde/core/contract';
import { usageError } from '../errors.js';
import type { Column } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';

interface CommentOption {
  comment?: string;
}

/** An escalation step in the history (issue 35): `step 2: mail sent to a@b.no`, `step 1: sms skipped (missing-phone-number)`, `stopped (acknowledged)`. */
function escalationText(step: AlarmHistoryEscalation): string {
  const which = `step ${step.step + 1}${step.round > 0 ? ` (round ${step.round + 1})` : ''}`;
  if (step.outcome === 'stopped') return `${which}: stopped (${step.reason ?? ''})`;
  const channel = step.channel ?? '';
  return step.outcome === 'sent' ? `${which}: ${channel} sent to ${step.to ?? step.user ?? ''}` : `${which}: ${channel ? `${channel} ` : ''}skipped (${step.reason ?? ''})`;
}

const HISTORY_COLUMNS: Column<AlarmHistoryEntry>[] = [
  { header: 'When', value: (entry) => formatAlarmTime(entry.at) },
  { header: 'What', value: (entry) => entry.action },
  // The site itself raises and clears alarms; people are named by e-mail.
  { header: 'Who', value: (entry) => (entry.escalation ? (entry.escalation.user ?? '') : (entry.by ?? 'site')) },
  { header: 'Until', value: (entry) => (entry.until ? formatAlarmTime(entry.until) : '') },
  { header: 'Comment', value: (entry) => (entry.escalation ? escalationText(entry.escalation) : (entry.comment ?? '')), full: true },
];

/**
 * `varde alarms ack|clear|shelve|unshelve|comment|history`: what an operator does to alarms, by id
 * (`varde alarms list` shows the ids). Each prints the alarm as it is afterwards.
 */
export function registerAlarmLifecycleCommands(alarms: Command, columns: readonly Column<AlarmRow>[]): void {
  const printRows = (context: CommandContext, rows: AlarmRow[]) => context.output.list(rows, columns);

  alarms
    .command('ack')
    .description('Acknowledge one or more alarms (several ids: all or none)')
    .argument('<id...>', 'alarm ids')
    .option('--comment <text>', 'why, or what was done (kept in the history)')
    .action(
      withContext<[string[], CommentOption]>(async (context, ids, options) => {
        const rows = await context.session.call('alarms', (http) =>
          ids.length === 1 ? acknowledgeAlarm(http, ids[0]!, options.comment).then((row) => [row]) : acknowledgeAlarms(http, ids, options.comment),
        );
        printRows(context, rows);
      }),
    );

  alarms
    .command('clear')
    .description('Clear an alarm (its condition is over)')
    .argument('<id>', 'alarm id')
    .option('--comment <text>', 'kept in the history')
    .action(
      withContext<[string, CommentOption]>(async (context, id, options) => {
        printRows(context, [await context.session.call('alarms', (http) => clearAlarm(http, id, options.comment))]);
      }),
    );

  alarms
    .command('shelve')
    .description('Hide an alarm from the alarm table for a while (it comes back by itself)')
    .argument('<id>', 'alarm id')
    .requiredOption('--for <duration>', 'how long: minutes, or 30m, 2h, 1d (at most 7d)')
    .option('--comment <text>', 'kept in the history')
    .action(
      withContext<[string, CommentOption & { for: string }]>(async (context, id, options) => {
        const minutes = parseDuration(options.for);
        printRows(context, [await context.session.call('alarms', (http) => shelveAlarm(http, id, minutes, options.comment))]);
      }),
    );

  alarms
    .command('unshelve')
    .description('Show a shelved alarm in the alarm table again now')
    .argument('<id>', 'alarm id')
    .action(
      withContext<[string]>(async (context, id) => {
        printRows(context, [await context.session.call('alarms', (http) => unshelveAlarm(http, id))]);
      }),
    );

  alarms
    .command('comment')
    .description('Write a comment in an alarm\'s history')
    .argument('<id>', 'alarm id')
    .argument('<text>', 'the comment')
    .action(
      withContext<[string, string]>(async (context, id, text) => {
        if (text.trim() === '') throw usageError('The comment is empty.');
        printRows(context, [await context.session.call('alarms', (http) => commentAlarm(http, id, text))]);
      }),
    );

  alarms
    .command('history')
    .description('Who did what to an alarm, and when (oldest first)')
    .argument('<id>', 'alarm id')
    .action(
      withContext<[string]>(async (context, id) => {
        const entries = await context.session.call('alarms', (http) => alarmHistory(http, id));
        context.output.list(entries, HISTORY_COLUMNS, { empty: 'No history.' });
      }),
    );
}

/** `90`, `90m`, `2h`, `1d` -> minutes (1 minute to a week). */
export function parseDuration(value: string): number {
  const match = /^(\d+)\s*(m|min|h|d)?$/i.exec(value.trim());
  const unit = match?.[2]?.toLowerCase() ?? 'm';
  const minutes = match ? Number(match[1]) * (unit === 'd' ? 1440 : unit === 'h' ? 60 : 1) : NaN;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_SHELVE_MINUTES) {
    throw usageError(`Invalid --for "${value}": minutes, or 30m, 2h, 1d; from 1 minute to 7 days.`);
  }
  return minutes;
}
