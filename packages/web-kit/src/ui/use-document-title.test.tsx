import { act, render } from '@testing-library/react';
import { defaultAppConfig, useAppConfig } from '../config/app-config';
import { useDocumentTitle } from './use-document-title';

function Title({ title, fallback }: { title: string | undefined; fallback?: boolean }) {
  useDocumentTitle(title, { fallback });
  return null;
}

beforeEach(() => {
  useAppConfig.setState({ ...defaultAppConfig, loaded: false });
  document.title = 'Trackboard';
});

describe('useDocumentTitle', () => {
  it('names the page, then the product', () => {
    render(<Title title="Dashboard" />);
    expect(document.title).toBe('Dashboard · Trackboard');
  });

  it('follows the product name the gateway is configured with', () => {
    render(<Title title="Dashboard" />);
    act(() => useAppConfig.setState({ name: 'Acme Tracker', loaded: true }));
    expect(document.title).toBe('Dashboard · Acme Tracker');
  });

  it('lets a page name itself over the route fallback, whichever mounted first', () => {
    // The layout (fallback) is a parent: its effect runs after the page's.
    const view = render(
      <>
        <Title title="Website Relaunch Board" />
        <Title title="Board" fallback />
      </>,
    );
    expect(document.title).toBe('Website Relaunch Board · Trackboard');

    // The page does not know its name yet (still loading): the fallback shows.
    view.rerender(
      <>
        <Title title={undefined} />
        <Title title="Board" fallback />
      </>,
    );
    expect(document.title).toBe('Board · Trackboard');
  });

  it('goes back to the remaining claim when a page unmounts, and to the bare product name at the end', () => {
    const view = render(
      <>
        <Title title="Projects" fallback />
        <Title title="Website Relaunch" />
      </>,
    );
    expect(document.title).toBe('Website Relaunch · Trackboard');
    view.rerender(<Title title="Projects" fallback />);
    expect(document.title).toBe('Projects · Trackboard');
    view.unmount();
    expect(document.title).toBe('Trackboard');
  });

  it('shows the newest of two page claims', () => {
    const view = render(<Title title="Website Relaunch Board" />);
    view.rerender(
      <>
        <Title title="Website Relaunch Board" />
        <Title title="WEB-7" />
      </>,
    );
    expect(document.title).toBe('WEB-7 · Trackboard');
  });
});
