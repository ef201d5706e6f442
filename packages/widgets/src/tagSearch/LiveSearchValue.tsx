import { useEffect, useState } from 'react';
import { formatDateTime, formatMeasuredText, formatValue, parseMeasuredText, i18n, watchLiveTagValue, type LiveTagValue } from '@varde/core';
import type { TagSearchRow } from '@varde/core/contract';
import { useSharedSession } from '../shared/useSharedSession.js';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

/**
 * A search row's value from the same source as the site page (core's watchLiveTagValue): the tag's current
 * value while the controller reports one, with the unit the controller wrote; otherwise the value the search
 * found, with the time it was last changed, so an older value is never shown as if it were now.
 */
export function LiveSearchValue({ row, t }: { row: TagSearchRow; t: WidgetTranslate }) {
  const session = useSharedSession();
  const [live, setLive] = useState<LiveTagValue | null>(null);
  useEffect(() => {
    setLive(null);
    const realtime = session?.realtime;
    if (!realtime) return undefined;
    return watchLiveTagValue(realtime, row.siteUuid, row.Name, setLive);
  }, [session, row.siteUuid, row.Name]);

  const language = i18n.language;
  if (live) {
    const unit = parseMeasuredText(row.Value)?.unit;
    return (
      <span data-live-value={String(live.value)} data-source="live">
        {formatValue(live.value, unit, language)}
      </span>
    );
  }
  return (
    <span data-source="search">
      {formatMeasuredText(row.Value, language)}
      <span className="varde-tag-search__as-of"> · {t('asOf', { time: formatDateTime(row.LastChanged, language) })}</span>
    </span>
  );
}
