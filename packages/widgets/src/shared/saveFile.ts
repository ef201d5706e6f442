/** Saves data as a file through a temporary link (inside the widget's own root, so it works in a shadow root). */
export function saveFile(parent: HTMLElement, fileName: string, parts: BlobPart[], type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = parent.ownerDocument.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  parent.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
