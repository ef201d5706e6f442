/**
 * The operator's actions in a marker's popup, built with DOM nodes (text through textContent): the
 * site's unacknowledged active alarms, each with "Acknowledge" and "Shelve 1 h", and "Acknowledge all"
 * when there are several. What happens after goes through the same alarms service as the table, and
 * every open view sees it by push.
 */
import type { AlarmRow } from '@varde/core/contract';

/** How many alarms a popup lists (the table has the rest). */
const MAX_LISTED = 5;
/** The popup's one shelving time (the table offers every choice). */
export const POPUP_SHELVE_MINUTES = 60;

export interface PopupActionTexts {
  acknowledge: string;
  acknowledgeAll(count: number): string;
  shelve: string;
  failed(message: string): string;
}

export interface PopupActionHandlers {
  /** Resolves to an error message, or null when it worked. */
  acknowledge(ids: readonly string[]): Promise<string | null>;
  shelve(id: string, minutes: number): Promise<string | null>;
}

function button(doc: Document, text: string, action: string, alarmId: string | null): HTMLButtonElement {
  const element = doc.createElement('button');
  element.type = 'button';
  element.className = 'varde-alarm-map__action';
  element.textContent = text;
  element.dataset.action = action;
  if (alarmId) element.dataset.alarmId = alarmId;
  return element;
}

/** The actions block for a popup; null when the site has no unacknowledged active alarm. */
export function popupActions(doc: Document, rows: readonly AlarmRow[], texts: PopupActionTexts, handlers: PopupActionHandlers): HTMLElement | null {
  const open = rows.filter((row) => row.inactive === null && row.acknowledgedBy === null);
  if (open.length === 0) return null;
  const box = doc.createElement('div');
  box.className = 'varde-alarm-map__actions';
  const status = doc.createElement('span');
  status.className = 'varde-alarm-map__action-status';
  status.setAttribute('role', 'status');
  const buttons: HTMLButtonElement[] = [];
  const run = (work: () => Promise<string | null>) => {
    for (const item of buttons) item.disabled = true;
    status.textContent = '';
    void work().then((error) => {
      for (const item of buttons) item.disabled = false;
      if (error !== null) status.textContent = texts.failed(error);
    });
  };
  const list = doc.createElement('ul');
  for (const row of open.slice(0, MAX_LISTED)) {
    const item = doc.createElement('li');
    item.dataset.alarmId = row.id;
    const name = doc.createElement('span');
    name.textContent = `${row.alarmGroup} ${row.tagName}${row.text ? ` – ${row.text}` : ''}`;
    const ack = button(doc, texts.acknowledge, 'acknowledge', row.id);
    ack.addEventListener('click', () => run(() => handlers.acknowledge([row.id])));
    const shelve = button(doc, texts.shelve, 'shelve', row.id);
    shelve.addEventListener('click', () => run(() => handlers.shelve(row.id, POPUP_SHELVE_MINUTES)));
    // Several alarms per popup: each button says which one it acts on.
    ack.setAttribute('aria-label', `${texts.acknowledge} ${row.tagName}`);
    shelve.setAttribute('aria-label', `${texts.shelve} ${row.tagName}`);
    buttons.push(ack, shelve);
    item.append(name, ack, shelve);
    list.append(item);
  }
  box.append(list);
  if (open.length > 1) {
    const all = button(doc, texts.acknowledgeAll(open.length), 'acknowledge-all', null);
    all.addEventListener('click', () => run(() => handlers.acknowledge(open.map((row) => row.id))));
    buttons.push(all);
    box.append(all);
  }
  box.append(status);
  return box;
}
