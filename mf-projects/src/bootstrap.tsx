import '@trackboard/web-kit/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import ProjectsApp from './exposes/projects-app';

// Standalone development (`npm run dev -w @trackboard/mf-projects`): the exposed root, mounted
// the way the shell mounts it.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="projects/*" element={<ProjectsApp />} />
        <Route path="board/*" element={<ProjectsApp />} />
        <Route path="*" element={<Navigate to="/projects" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
