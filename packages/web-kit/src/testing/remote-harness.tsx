import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

/** Renders a remote's exposed root mounted the way the shell mounts it (e.g. at `boards/*`). */
export function renderRemoteAt(Remote: ComponentType, mounts: string[], url: string, extra?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {mounts.map((mount) => (
          <Route key={mount} path={mount} element={<Remote />} />
        ))}
      </Routes>
      {extra}
    </MemoryRouter>,
  );
}

/** react-router reports mis-nested descendant routes and unmatched paths as warnings: fail on any. */
export function failOnRouterWarnings() {
  let consoleWarn: jest.SpyInstance;
  beforeEach(() => {
    consoleWarn = jest.spyOn(console, 'warn');
  });
  afterEach(() => {
    expect(consoleWarn).not.toHaveBeenCalled();
    consoleWarn.mockRestore();
  });
}
