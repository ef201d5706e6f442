import type { RuleDelivery, RuleDeliveryLogEntry, RuleSkipReason } from '@varde/core/contract';
import type { Column } from '../output/output.js';

/** Why a message was not sent, in words (the codes stay in --json). */
const SKIP_REASON_TEXT: Record<RuleSkipReason, string> = {
  'unknown-user': 'the user no longer exists',
  'no-access': 'the user no longer has this site',
  'missing-phone-number': 'no phone number',
  'unsupported-phone-number': 'the phone number is neither Norwegian (+47) nor Swedish (+46)',
  'invalid-email': 'the e-mail address cannot be used',
};

/** "sent to X" or "skipped: why" — one message of a rule to one user on one channel. */
export function deliveryResult(delivery: RuleDelivery): string {
  if (delivery.outcome === 'sent') return `sent to ${delivery.to ?? ''}`;
  return `skipped: ${delivery.reason ? SKIP_REASON_TEXT[delivery.reason] : 'unknown reason'}`;
}

const channelName = (delivery: RuleDelivery) => (delivery.channel === 'mail' ? 'e-mail' : 'sms');

/** Columns of `varde rules test`: per user and channel, what was sent and what was skipped. */
export const DELIVERY_COLUMNS: Column<RuleDelivery>[] = [
  { header: 'User', value: (row) => row.username || row.userUUID, full: true },
  { header: 'Channel', value: channelName },
  { header: 'Result', value: deliveryResult, full: true },
];

/** Columns of `varde rules log`: when, why (a test or an alarm), to whom, how, and what came of it. */
export const LOG_COLUMNS: Column<RuleDeliveryLogEntry>[] = [
  { header: 'Time', value: (row) => row.at },
  { header: 'Cause', value: (row) => (row.cause === 'alarm' ? `alarm ${row.alarmId ?? ''}` : 'test') },
  ...DELIVERY_COLUMNS,
];
