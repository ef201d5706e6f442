/**
 * The Import tab: pick a CSV file, "add" converts it (csv2edges) into the table, then "save all" or
 * "overwrite all for the building". Outcomes use the spec's texts (core i18n namespace `bim`).
 */
import { useRef } from 'react';
import { edgeBuilding } from '@varde/core/contract';
import type { BimImportState } from '@varde/core';
import '../shared/shoelaceElements.js';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface ImportTabProps {
  state: BimImportState;
  t: WidgetTranslate;
  onSaved: () => void;
}

function Notice({ state, t }: { state: BimImportState; t: WidgetTranslate }) {
  const notice = state.notice;
  if (!notice) return null;
  if (notice.kind === 'done') {
    return (
      <p className="varde-bim-mapper__done" role="status" data-import-notice="done">
        {t('bim:done')}
      </p>
    );
  }
  if (notice.kind === 'badLines') {
    return (
      <div className="varde-bim-mapper__error" role="alert" data-import-notice="bad-lines">
        <div>
          <strong>{t('badLines')}</strong>
          {notice.lines.length > 0 ? (
            <ul className="varde-bim-mapper__bad-lines">
              {notice.lines.map((line) => (
                <li key={`${line.line}:${line.message}`} data-bad-line={line.line}>
                  {t('line', { line: line.line, message: line.message })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{notice.detail}</p>
          )}
        </div>
      </div>
    );
  }
  const text = notice.kind === 'error' ? notice.detail : t(`bim:${notice.textKey}`);
  return (
    <div className="varde-bim-mapper__error" role="alert" data-import-notice={notice.kind}>
      <p>{text}</p>
    </div>
  );
}

export function ImportTab({ state, t, onSaved }: ImportTabProps) {
  const fileInput = useRef<HTMLInputElement>(null);

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    state.chooseFile(file.name, await file.text());
  }

  async function write(action: () => Promise<boolean>) {
    if (await action()) onSaved();
  }

  const hasEdges = state.edges.length > 0;
  return (
    <div className="varde-bim-mapper__import" part="import">
      <div className="varde-bim-mapper__buttons">
        <label className="varde-bim-mapper__field">
          <span>{t('csvFile')}</span>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv,text/plain"
            data-field="csv-file"
            onChange={(event) => void chooseFile(event.currentTarget.files?.[0])}
          />
        </label>
        <sl-button variant="primary" disabled={state.csv === null || state.busy} data-action="convert" onClick={() => void state.convert()}>
          {t('add')}
        </sl-button>
        <sl-button variant="success" disabled={!hasEdges || state.busy} data-action="import-save-all" onClick={() => void write(() => state.saveAll())}>
          {t('saveAll')}
        </sl-button>
        <sl-button variant="warning" disabled={state.csv === null || state.busy} data-action="overwrite-building" onClick={() => void write(() => state.overwriteBuilding())}>
          {t('overwriteBuilding')}
        </sl-button>
        {state.busy ? <sl-spinner /> : null}
      </div>
      <Notice state={state} t={t} />
      {hasEdges ? (
        <>
          <p className="varde-bim-mapper__muted" data-import-count>
            {t('importRows', { count: state.edges.length })}
          </p>
          <div className="varde-bim-mapper__table-wrap">
            <table className="varde-bim-mapper__table" data-import-table>
              <thead>
                <tr>
                  <th scope="col">{t('colGuid')}</th>
                  <th scope="col">{t('colName')}</th>
                  <th scope="col">{t('colController')}</th>
                  <th scope="col">{t('building')}</th>
                  <th scope="col">{t('colTag')}</th>
                  <th scope="col">{t('colDescription')}</th>
                  <th scope="col">{t('colSubstation')}</th>
                </tr>
              </thead>
              <tbody>
                {state.edges.map((edge) => {
                  const model = edge.from_node.obj.type === 'bim' ? edge.from_node.obj : null;
                  const tag = edge.to_node.obj.type === 'tag' ? edge.to_node.obj : null;
                  return (
                    <tr key={edge.uuid} data-import-row={edge.uuid}>
                      <td className="varde-bim-mapper__mono">{model?.['BIM GUID']}</td>
                      <td>{model?.['BIM Navn']}</td>
                      <td className="varde-bim-mapper__mono">{tag?.controllerId}</td>
                      <td>{edgeBuilding(edge)}</td>
                      <td>{tag?.tag}</td>
                      <td>{tag?.description}</td>
                      <td>{tag?.substation}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
