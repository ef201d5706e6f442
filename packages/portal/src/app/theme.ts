import { session } from './session.js';
import './themes.css';

/** The flavor's or brand's theme (varde, fjord, nordlys) as `data-theme` on <html>: themes.css holds the colours. */
export function applyTheme(): void {
  document.documentElement.dataset.theme = session.settings.theme;
}
