import '@trackboard/web-kit/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { bindRealtimeToSession, loadAppConfig } from '@trackboard/web-kit';
import { AppRoutes } from './routing/app-routes';

// Name, provider and support contact come from the gateway; the defaults show until then.
void loadAppConfig();
// Spec §4.2: the realtime connection is open while someone is signed in.
bindRealtimeToSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
