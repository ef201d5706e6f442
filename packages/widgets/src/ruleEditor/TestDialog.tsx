import { useEffect, useState } from 'react';
import type { RuleTestOutcome } from '@varde/core';
import { Modal } from './Modal.js';

export interface TestDialogProps {
  ruleId: string;
  /** Runs the test; the dialog shows a spinner until it answers. */
  run(): Promise<RuleTestOutcome>;
  onDone?(outcome: RuleTestOutcome): void;
  onClose(): void;
  t(key: string, values?: Record<string, unknown>): string;
}

/**
 * The test result: a spinner while there is no status; 200 a success list of users (green); 500
 * the error code and message (error colour); anything else in the primary colour.
 */
export function TestDialog({ ruleId, run, onDone, onClose, t }: TestDialogProps) {
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
      title={t('testTitle', { ruleId })}
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

function TestBody({ outcome, t }: { outcome: RuleTestOutcome | null; t: TestDialogProps['t'] }) {
  if (!outcome) {
    return (
      <p className="varde-rule-editor__test-pending" data-test-status="pending" role="status">
        <sl-spinner aria-hidden="true" /> {t('testSending')}
      </p>
    );
  }
  if ('data' in outcome && outcome.status === 200) {
    return (
      <div className="varde-rule-editor__test varde-rule-editor__test--success" data-test-status="200" role="status">
        <p>{t('testSuccess')}</p>
        <ul className="varde-rule-editor__test-users">
          {outcome.data.users.map((user) => (
            <li key={user.userUUID} data-user={user.userUUID}>
              <span className="varde-rule-editor__test-user">{user.username}</span>
              <span>
                {t('phone')}: {user.phonenumber ?? '–'}
              </span>
              <span>
                {t('email')}: {user.email}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if ('data' in outcome && outcome.status === 500) {
    return (
      <div className="varde-rule-editor__test varde-rule-editor__test--error" data-test-status="500" role="alert">
        <p data-error-code={outcome.data.error?.code}>{t('testErrorCode', { code: outcome.data.error?.code ?? '' })}</p>
        <p>{t('testErrorMessage', { message: outcome.data.error?.message ?? '' })}</p>
      </div>
    );
  }
  const detail = 'detail' in outcome ? outcome.detail : '';
  return (
    <div className="varde-rule-editor__test varde-rule-editor__test--other" data-test-status={String(outcome.status)} role="alert">
      <p>{t('testOther', { status: outcome.status, detail })}</p>
    </div>
  );
}
