import '@trackboard/web-kit/src/theme/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { loadAppConfig } from '@trackboard/web-kit';
import { AppRoutes } from './routing/app-routes';

// Name, provider and support contact come from the gateway; the defaults show until then.
void loadAppConfig();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
