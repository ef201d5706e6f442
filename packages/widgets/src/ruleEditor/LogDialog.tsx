import { formatDateTime } from '@varde/core';
import { useEffect, useState } from 'react';
import { ruleFailureText } from '@varde/core';
import type { RuleDeliveryLogEntry } from '@varde/core/contract';
import { DeliveryLine } from './DeliveryLine.js';
import { Modal } from './Modal.js';

export interface LogDialogProps {
  ruleId: string;
  /** The rule as people call it (its name, or a description): the title. */
  label: string;
  /** Loads the rule's delivery log (newest first). */
  load(): Promise<RuleDeliveryLogEntry[]>;
  language: string;
  onClose(): void;
  t(key: string, values?: Record<string, unknown>): string;
}

/** A rule's delivery log: when, why (a test or which alarm), to whom and how, sent or skipped and why. */
export function LogDialog({ ruleId, label, load, language, onClose, t }: LogDialogProps) {
  const [entries, setEntries] = useState<RuleDeliveryLogEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setEntries(loaded),
      (caught: unknown) => live && setError(ruleFailureText(caught)),
    );
    return () => {
      live = false;
    };
    // Loaded once per dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Modal
      kind="log"
      title={t('logTitle', { rule: label })}
      onClose={onClose}
      footer={
        <sl-button data-action="close-log" onClick={onClose}>
          {t('close')}
        </sl-button>
      }
    >
      {error ? <p className="varde-rule-editor__error" role="alert">{error}</p> : null}
      {entries === null && !error ? <p className="varde-rule-editor__muted">{t('loading')}</p> : null}
      {entries?.length === 0 ? (
        <p className="varde-rule-editor__empty" data-empty="log">
          {t('logEmpty')}
        </p>
      ) : null}
      {entries && entries.length > 0 ? (
        <ol className="varde-rule-editor__log" data-log={ruleId}>
          {entries.map((entry, index) => (
            <li key={index} data-log-entry={entry.cause} data-outcome={entry.outcome}>
              <span className="varde-rule-editor__log-meta">
                <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                <span>{entry.cause === 'test' ? t('causeTest') : t('causeAlarm', { alarmId: entry.alarmId ?? '' })}</span>
              </span>
              <span className="varde-rule-editor__test-user">{entry.username || t('unknownUserLabel', { uid: entry.userUUID })}</span>
              <DeliveryLine delivery={entry} t={t} />
            </li>
          ))}
        </ol>
      ) : null}
    </Modal>
  );
}
