import { screen } from '@testing-library/react';
import { failOnRouterWarnings, renderRemoteAt } from '@trackboard/web-kit/src/testing/remote-harness';
import BoardApp from './board-app';

/** Mounted the way the shell mounts it. */
const renderAt = (url: string) => renderRemoteAt(BoardApp, ['boards/*'], url);

failOnRouterWarnings();

describe('mf_boards routes', () => {
  it('/boards/:boardId draws that board', () => {
    const { container } = renderAt('/boards/42');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Board 42');
    expect(container.querySelector('[data-remote="mf_boards"]')).not.toBeNull();
  });

  it.each(['/boards', '/boards/42/extra'])('%s is the 404 page', (url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});
