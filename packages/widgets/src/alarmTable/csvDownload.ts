/** Saves text as a file through a temporary link (inside the widget's own root, so it works in a shadow root). */
export function downloadText(parent: HTMLElement, fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM makes spreadsheet programs read the file as UTF-8 (æøå).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = parent.ownerDocument.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  parent.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `alarms-2024-05-01-1230.csv` */
export function alarmCsvFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `alarms-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}
