/** Saves text as a file through a temporary link (works inside a shadow root; nothing is kept). */
export function downloadText(parent: HTMLElement | null, fileName: string, text: string): void {
  if (!parent) return;
  const url = URL.createObjectURL(new Blob([text], { type: 'application/octet-stream' }));
  const link = parent.ownerDocument.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  parent.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
