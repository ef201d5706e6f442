import { formatDateTime } from '@varde/core';
import type { FunctionSummary } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface FunctionListProps {
  functions: FunctionSummary[];
  selectedName: string | null;
  loading: boolean;
  onSelect(name: string): void;
  t: WidgetTranslate;
  language: string;
}

const formatUpdated = formatDateTime;

/** The functions: name, description, last updated; one selected. */
export function FunctionList({ functions, selectedName, loading, onSelect, t, language }: FunctionListProps) {
  if (functions.length === 0) {
    return <p className="varde-cloud-functions__muted" part="list-message">{loading ? t('loading') : t('empty')}</p>;
  }
  return (
    <ul className="varde-cloud-functions__list" aria-label={t('listLabel')} part="list">
      {functions.map((fn) => (
        <li key={fn.name}>
          <button
            type="button"
            className="varde-cloud-functions__item"
            aria-current={fn.name === selectedName ? 'true' : undefined}
            data-function={fn.name}
            onClick={() => onSelect(fn.name)}
          >
            <span className="varde-cloud-functions__item-name">{fn.name}</span>
            <span className="varde-cloud-functions__item-description">{fn.description}</span>
            <span className="varde-cloud-functions__item-meta">
              {t('updated')}: {formatUpdated(fn.updated, language)} · v{fn.version}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export { formatUpdated };
