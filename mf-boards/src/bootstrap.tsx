import '@trackboard/web-kit/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import BoardApp from './exposes/board-app';

// Standalone development (`npm run dev -w @trackboard/mf-boards`): the exposed root, mounted
// the way the shell mounts it.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="boards/*" element={<BoardApp />} />
        <Route path="*" element={<Navigate to="/boards/1" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
