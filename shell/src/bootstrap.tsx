import '@trackboard/web-kit/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { bindRealtimeToSession, loadAppConfig, setLanguage, storedLanguageChoice } from '@trackboard/web-kit';
import { LanguageRoot } from './layout/language-root';
import { AppRoutes } from './routing/app-routes';

// Name, provider and support contact come from the gateway; the defaults show until then.
void loadAppConfig();
// Spec §4.2: the realtime connection is open while someone is signed in.
bindRealtimeToSession();

// The first paint is already in the reader's language: its words load before it (none for English).
void setLanguage(storedLanguageChoice()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <LanguageRoot>
          <AppRoutes />
        </LanguageRoot>
      </BrowserRouter>
    </StrictMode>,
  ),
);
