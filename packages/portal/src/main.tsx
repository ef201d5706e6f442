import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { App } from './app/App.js';
import { initLanguage } from './app/language.js';
import { applyTheme } from './app/theme.js';
import './styles.css';
import './pages/pageStyles.js';

// The design tokens (Shoelace's light and dark, Varde's) and the scheme on <html> from the first paint.
applyTheme();
await initLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
