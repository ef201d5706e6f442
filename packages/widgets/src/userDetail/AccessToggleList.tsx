/** A list of access switches (sites, modules, licensing partners), one change at a time. */
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';
import type { PendingChange } from './useAccessChange.js';

export interface AccessToggleItem {
  /** The change key, e.g. `modules:alarms`. */
  key: string;
  label: string;
  checked: boolean;
  /** The acting user lacks it: they cannot give or take it. */
  disabled: boolean;
}

export interface AccessToggleListProps {
  items: readonly AccessToggleItem[];
  pending: PendingChange | null;
  t: WidgetTranslate;
  label: string;
  onToggle: (item: AccessToggleItem, on: boolean) => void;
}

export function AccessToggleList({ items, pending, t, label, onToggle }: AccessToggleListProps) {
  return (
    <ul className="varde-user-detail__toggles" aria-label={label} aria-busy={pending !== null} part="toggles">
      {items.map((item) => {
        const isPending = pending?.key === item.key;
        const checked = isPending ? pending.wished === true : item.checked;
        return (
          <li key={item.key} className="varde-user-detail__toggle" data-key={item.key} data-pending={isPending ? '' : undefined} part="toggle">
            <sl-switch
              checked={checked}
              // Blocked while any change runs; never for what the acting user lacks.
              disabled={item.disabled || pending !== null}
              title={item.disabled ? t('notYours') : undefined}
              onsl-change={(event: Event) => {
                const target = event.target as HTMLElement & { checked: boolean };
                const wished = target.checked;
                // The switch shows what the server has; the wish shows through `pending`.
                target.checked = item.checked;
                onToggle(item, wished);
              }}
            >
              {item.label}
            </sl-switch>
            {isPending ? <sl-spinner className="varde-user-detail__pending" aria-label={t('saving')} part="pending" /> : null}
          </li>
        );
      })}
    </ul>
  );
}
