import { statusChip, statusLabel } from '@varde/core';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { mlExplorerStrings } from './strings.js';
import type { VersionStatus } from '@varde/core/contract';
import { Icon } from './icons.js';

/** The version's status as a chip with an icon (READY green, ERROR red, training blue, CREATED grey), in the user's language. */
export function StatusChip({ status, live = false }: { status: VersionStatus; live?: boolean }) {
  const { t } = useWidgetTranslation(mlExplorerStrings);
  const chip = statusChip(status);
  return (
    <span className={`varde-ml-explorer__chip varde-ml-explorer__chip--${chip.variant}`} part="status-chip" data-status={status} role={live ? "status" : undefined}>
      <Icon name={chip.icon} />
      {t(`status_${statusLabel(status)}`)}
    </span>
  );
}
