import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { App } from './app/App.js';
import { initLanguage } from './app/language.js';
import { applyTheme } from './app/theme.js';
// Shoelace's tokens on :root from the first paint (widgets in a host page get them with their parts).
import '@shoelace-style/shoelace/dist/themes/light.css';
import './styles.css';
import './pages/pageStyles.js';

applyTheme();
await initLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
