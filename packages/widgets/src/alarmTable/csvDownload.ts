import { saveFile } from '../shared/saveFile.js';

/** Saves CSV text as a file. */
export function downloadText(parent: HTMLElement, fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM makes spreadsheet programs read the file as UTF-8 (æøå).
  saveFile(parent, fileName, ['\uFEFF', text], type);
}

/** `alarms-2024-05-01-1230.csv` */
export function alarmCsvFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `alarms-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}
