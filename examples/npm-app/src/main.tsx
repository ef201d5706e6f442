// Importing an element's module defines it (and the session it signs in with) and brings its JSX typings.
// They come first, so the elements exist when React renders them and React sets their props as properties.
import '@varde/widgets/elements/varde-session.js';
import '@varde/widgets/elements/varde-site-list.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
