import { useState } from 'react';
import { formatDateTime, formatNumber, i18n, runFunction, type HttpClient } from '@varde/core';
import { isHttpError } from '@varde/core';
import type { RunFunctionResponse } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface RunPanelProps {
  name: string;
  http: HttpClient | null;
  /** Running needs the saved version: disabled while there are unsaved changes. */
  disabled: boolean;
  onError(message: string): void;
  onFinished(run: RunFunctionResponse): void;
  t: WidgetTranslate;
}

/** Runs the saved function in the cloud and shows what it returned, printed and wrote. */
export function RunPanel({ name, http, disabled, onError, onFinished, t }: RunPanelProps) {
  const [request, setRequest] = useState('{}');
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<RunFunctionResponse | null>(null);

  async function start() {
    let parsed: unknown;
    try {
      parsed = JSON.parse(request);
    } catch {
      parsed = null;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return onError(t('runRequestInvalid'));
    if (!http) return;
    setRunning(true);
    setRun(null);
    try {
      const result = await runFunction(http, name, { request: parsed as Record<string, unknown> });
      setRun(result);
      onFinished(result);
    } catch (error) {
      onError(isHttpError(error) ? (error.detail ?? error.message) : error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  }

  return (
    <section className="varde-cloud-functions__run" part="run" aria-label={t('run')}>
      <div className="varde-cloud-functions__run-bar">
        <label className="varde-cloud-functions__field varde-cloud-functions__field--grow">
          <span>{t('runRequest')}</span>
          <input value={request} onChange={(event) => setRequest(event.target.value)} spellCheck={false} data-field="run-request" />
        </label>
        <sl-button size="small" disabled={disabled || running} loading={running} onClick={() => void start()} data-action="run">
          {running ? t('running') : t('run')}
        </sl-button>
      </div>
      {disabled ? <p className="varde-cloud-functions__muted">{t('runNeedsSave')}</p> : null}
      {run ? (
        <div className="varde-cloud-functions__run-result" data-run-status={run.status} role="status">
          <p>
            <strong>{t('runResult', { version: run.version, status: t(`runStatus_${run.status}`) })}</strong> · {run.python}
          </p>
          {run.error ? <pre className="varde-cloud-functions__pre varde-cloud-functions__pre--error">{run.error}</pre> : null}
          {run.status === 'ok' ? (
            <>
              <h4>{t('runReturned')}</h4>
              <pre className="varde-cloud-functions__pre" data-run-result>{JSON.stringify(run.result ?? null, null, 2)}</pre>
            </>
          ) : null}
          {run.stdout ? (
            <>
              <h4>{t('runOutput')}</h4>
              <pre className="varde-cloud-functions__pre">{run.stdout}</pre>
            </>
          ) : null}
          {run.stderr ? (
            <>
              <h4>{t('runErrors')}</h4>
              <pre className="varde-cloud-functions__pre">{run.stderr}</pre>
            </>
          ) : null}
          <h4>{t('runWrites')}</h4>
          {run.writes.length === 0 ? (
            <p className="varde-cloud-functions__muted">{t('runNoWrites')}</p>
          ) : (
            <div className="varde-cloud-functions__table-wrap">
              <table className="varde-cloud-functions__table" data-run-writes>
                <thead>
                  <tr><th>{t('controller')}</th><th>{t('tag')}</th><th>{t('time')}</th><th>{t('value')}</th></tr>
                </thead>
                <tbody>
                  {run.writes.map((write, index) => (
                    <tr key={index}>
                      <td>{write.controllerId}</td>
                      <td>{write.tag}</td>
                      <td>{formatDateTime(write.timestamp, i18n.language)}</td>
                      <td>{write.dataType === 'number' ? formatNumber(Number(write.value), i18n.language, 6) : write.valueText}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
