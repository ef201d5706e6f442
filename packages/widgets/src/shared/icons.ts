/**
 * Icons for Shoelace's default library, inline so that nothing is fetched from a base path. Copy the
 * SVG of an icon you use from node_modules/@shoelace-style/shoelace/dist/assets/icons/<name>.svg.
 */
const ICONS: Record<string, string> = {
  'person-circle':
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" fill="currentColor" viewBox="0 0 16 16"><path d="M11 6a3 3 0 1 1-6 0 3 3 0 0 1 6 0z"/><path fill-rule="evenodd" d="M0 8a8 8 0 1 1 16 0A8 8 0 0 1 0 8zm8-7a7 7 0 0 0-5.468 11.37C3.242 11.226 4.805 10 8 10s4.757 1.225 5.468 2.37A7 7 0 0 0 8 1z"/></svg>',
};

/** A data: URL for a known icon; '' makes sl-icon render nothing (and emit sl-error). */
export function iconDataUrl(name: string): string {
  const svg = ICONS[name];
  return svg ? `data:image/svg+xml,${encodeURIComponent(svg)}` : '';
}
