/** The building list (core listBuildings): choosing one loads its connections. */
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface BuildingListProps {
  buildings: string[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  selected: string | null;
  t: WidgetTranslate;
  onSelect: (name: string) => void;
}

export function BuildingList({ buildings, status, selected, t, onSelect }: BuildingListProps) {
  return (
    <nav className="varde-bim-mapper__buildings" part="buildings" aria-label={t('buildings')}>
      <h2 className="varde-bim-mapper__heading">{t('buildings')}</h2>
      {status === 'loading' || status === 'idle' ? <p className="varde-bim-mapper__muted">{t('loading')}</p> : null}
      {status === 'ready' && buildings.length === 0 ? <p className="varde-bim-mapper__muted">{t('noBuildings')}</p> : null}
      <ul className="varde-bim-mapper__building-list">
        {buildings.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="varde-bim-mapper__building"
              data-building={name}
              aria-current={selected === name ? 'true' : undefined}
              onClick={() => onSelect(name)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
