import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreSession } from './lib/auth-store';
import { syncThemeWithDocument } from './lib/ui-store';
import './index.css';

syncThemeWithDocument();
void restoreSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
