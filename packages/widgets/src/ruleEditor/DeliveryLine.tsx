import type { RuleDelivery } from '@varde/core/contract';
import { RuleIcon } from './icons.js';
import { SKIP_REASON_KEYS } from './skipReasons.js';

/**
 * One message of a rule, as the test result and the delivery log show it: the channel, and either
 * where it went or, translated, why it was not sent. Addresses are text, never HTML.
 */
export function DeliveryLine({ delivery, t }: { delivery: RuleDelivery; t(key: string, values?: Record<string, unknown>): string }) {
  const sent = delivery.outcome === 'sent';
  return (
    <span
      className={`varde-rule-editor__delivery varde-rule-editor__delivery--${delivery.outcome}`}
      data-delivery={`${delivery.userUUID}:${delivery.channel}`}
      data-outcome={delivery.outcome}
      data-reason={delivery.reason}
    >
      <RuleIcon name={delivery.channel} label={t(delivery.channel)} />
      <span>
        {sent
          ? t('deliverySent', { to: delivery.to ?? '' })
          : t('deliverySkipped', { reason: t(delivery.reason ? SKIP_REASON_KEYS[delivery.reason] : 'reasonUnknown') })}
      </span>
    </span>
  );
}
