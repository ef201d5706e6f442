import { useEffect, useState } from 'react';
import type { RuleTestOutcome } from '@varde/core';
import type { RuleDelivery, RuleTestResult } from '@varde/core/contract';
import { DeliveryLine } from './DeliveryLine.js';
import { Modal } from './Modal.js';

export interface TestDialogProps {
  ruleId: string;
  /** The rule as people call it (its name, or a description): the title. */
  label: string;
  /** Runs the test; the dialog shows a spinner until it answers. */
  run(): Promise<RuleTestOutcome>;
  onDone?(outcome: RuleTestOutcome): void;
  onClose(): void;
  t(key: string, values?: Record<string, unknown>): string;
}

/**
 * The test result: a spinner while there is no answer; then, per user and per channel, what was
 * sent (where to) and what was skipped and why, translated. Green when everything went, the
 * warning colour when some messages were skipped, the error colour when none went; any error
 * answer (400, 403, 404…) in the primary colour with its detail.
 */
export function TestDialog({ ruleId, label, run, onDone, onClose, t }: TestDialogProps) {
  const [outcome, setOutcome] = useState<RuleTestOutcome | null>(null);
  useEffect(() => {
    let live = true;
    run()
      .catch((error: unknown): RuleTestOutcome => ({ status: 0, detail: error instanceof Error ? error.message : String(error) }))
      .then((result) => {
        if (!live) return;
        setOutcome(result);
        onDone?.(result);
      });
    return () => {
      live = false;
    };
    // The test runs once per dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Modal
      kind="test"
      title={t('testTitle', { rule: label })}
      onClose={onClose}
      footer={
        <sl-button data-action="close-test" onClick={onClose}>
          {t('close')}
        </sl-button>
      }
    >
      <TestBody outcome={outcome} t={t} />
    </Modal>
  );
}

/** How a result reads at a glance: everything sent, some skipped, or nothing sent. */
export function testTone(deliveries: readonly RuleDelivery[]): 'success' | 'partial' | 'error' {
  const sent = deliveries.filter((delivery) => delivery.outcome === 'sent').length;
  if (sent === deliveries.length) return 'success';
  return sent === 0 ? 'error' : 'partial';
}

function TestBody({ outcome, t }: { outcome: RuleTestOutcome | null; t: TestDialogProps['t'] }) {
  if (!outcome) {
    return (
      <p className="varde-rule-editor__test-pending" data-test-status="pending" role="status">
        <sl-spinner aria-hidden="true" /> {t('testSending')}
      </p>
    );
  }
  if ('data' in outcome) return <TestResult result={outcome} t={t} />;
  return (
    <div className="varde-rule-editor__test varde-rule-editor__test--other" data-test-status={String(outcome.status)} role="alert">
      <p>{t('testOther', { status: outcome.status, detail: outcome.detail })}</p>
    </div>
  );
}

function TestResult({ result, t }: { result: RuleTestResult; t: TestDialogProps['t'] }) {
  const { users, deliveries } = result.data;
  const tone = testTone(deliveries);
  const sent = deliveries.filter((delivery) => delivery.outcome === 'sent').length;
  return (
    <div
      className={`varde-rule-editor__test varde-rule-editor__test--${tone}`}
      data-test-status={String(result.status)}
      data-test-tone={tone}
      role={tone === 'success' ? 'status' : 'alert'}
    >
      <p className="varde-rule-editor__test-summary">
        {t(tone === 'success' ? 'testAllSent' : tone === 'partial' ? 'testSomeSkipped' : 'testNoneSent', {
          sent,
          skipped: deliveries.length - sent,
        })}
      </p>
      <ul className="varde-rule-editor__test-users">
        {users.map((user) => (
          <li key={user.userUUID} data-user={user.userUUID}>
            <span className="varde-rule-editor__test-user">{user.username || t('unknownUserLabel', { uid: user.userUUID })}</span>
            {deliveries
              .filter((delivery) => delivery.userUUID === user.userUUID)
              .map((delivery) => (
                <DeliveryLine key={delivery.channel} delivery={delivery} t={t} />
              ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
