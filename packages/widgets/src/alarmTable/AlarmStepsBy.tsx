import { Fragment } from 'react';
import { formatDateTime, i18n } from '@varde/core';
import type { AlarmAuditResponse } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

const STEPS = ['acknowledged', 'cleared', 'shelved'] as const;

/**
 * Who acknowledged, cleared and shelved the alarm, as the audit log has it (issue 36): the person (or
 * service account) and when, and whether an access token did it. Nothing is shown for a step nobody took.
 */
export function AlarmStepsBy({ steps, t }: { steps: AlarmAuditResponse['data']; t: WidgetTranslate }) {
  const taken = STEPS.filter((step) => steps[step] !== null);
  if (taken.length === 0) return null;
  return (
    <dl className="varde-alarm-table__facts" part="steps-by" data-testid="alarm-steps-by">
      {taken.map((step) => {
        const by = steps[step]!;
        return (
          <Fragment key={step}>
            <dt>{t(`stepBy_${step}`)}</dt>
            <dd>
              {by.by} <span className="varde-alarm-table__muted">{formatDateTime(by.at, i18n.language)}</span>
              {by.tokenId ? <span className="varde-alarm-table__muted"> · {t('stepByToken')}</span> : null}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
