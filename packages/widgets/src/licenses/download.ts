import { saveFile } from '../shared/saveFile.js';

/** Saves a licence file (bytes as issued, no BOM); nothing is kept. */
export function downloadText(parent: HTMLElement | null, fileName: string, text: string): void {
  if (parent) saveFile(parent, fileName, [text], 'application/octet-stream');
}
