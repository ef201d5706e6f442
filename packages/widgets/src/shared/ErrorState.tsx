/**
 * A failed load in the UI's words: a 403 is the refused state naming the access that is missing (the
 * site, when the cloud named one; else what the widget needs), any other failure the failed state with
 * core's describeError and a retry. Never the server's English sentence as it came.
 */
import { describeError, isHttpError, refusedSite } from '@varde/core';
import { useWidgetTranslation } from './useWidgetTranslation.js';
import { WidgetState } from './WidgetState.js';
import { widgetStateStrings } from './widgetStateStrings.js';

export function ErrorState(props: { error: unknown; missing: string; onRetry?: (() => void) | undefined }) {
  const { t } = useWidgetTranslation(widgetStateStrings);
  if (isHttpError(props.error) && props.error.status === 403) {
    const site = refusedSite(props.error);
    return <WidgetState kind="refused" missing={site ? t('missingSite', { site }) : props.missing} />;
  }
  const detail = typeof props.error === 'string' ? props.error : describeError(props.error);
  return <WidgetState kind="failed" detail={detail} onRetry={props.onRetry} />;
}
