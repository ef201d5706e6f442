/** Example queries: filterable; one click searches (single), or pick several and search them together (multi). */
import { useMemo, useState } from 'react';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import type { ExampleQuery } from './examples.js';

export function ExampleQueries(props: { examples: readonly ExampleQuery[]; t: WidgetTranslate; onSearch: (texts: readonly string[]) => void }) {
  const { examples, t, onSearch } = props;
  const [filter, setFilter] = useState('');
  const [multi, setMulti] = useState(false);
  const [chosen, setChosen] = useState<readonly ExampleQuery[]>([]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    return needle ? examples.filter((example) => example.label.toLocaleLowerCase().includes(needle)) : examples;
  }, [examples, filter]);

  const pick = (example: ExampleQuery) => {
    if (!multi) return onSearch(example.texts);
    setChosen((current) => (current.includes(example) ? current.filter((item) => item !== example) : [...current, example]));
  };

  return (
    <details className="varde-tag-search__examples" part="examples">
      <summary>{t('examples')}</summary>
      <div className="varde-tag-search__example-bar">
        <input
          className="varde-tag-search__filter"
          part="example-filter"
          type="search"
          placeholder={t('filterExamples')}
          aria-label={t('filterExamples')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        <label>
          <input
            type="checkbox"
            part="multi-select"
            checked={multi}
            onChange={(event) => {
              setMulti(event.currentTarget.checked);
              setChosen([]);
            }}
          />{' '}
          {t('multiSelect')}
        </label>
        {multi ? (
          <button type="button" className="varde-tag-search__example" part="search-selected" disabled={chosen.length === 0} onClick={() => onSearch([...new Set(chosen.flatMap((example) => example.texts))])}>
            {t('searchSelected')} ({chosen.length})
          </button>
        ) : null}
      </div>
      {shown.length === 0 ? <p className="varde-tag-search__status">{t('noExamples')}</p> : null}
      <ul className="varde-tag-search__example-list" role="list">
        {shown.map((example) => (
          <li key={example.label}>
            <button
              type="button"
              className="varde-tag-search__example"
              part="example"
              data-example={example.label}
              aria-pressed={multi ? chosen.includes(example) : undefined}
              onClick={() => pick(example)}
            >
              {example.label}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
