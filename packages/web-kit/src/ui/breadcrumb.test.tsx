import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Breadcrumb } from './breadcrumb';

describe('Breadcrumb', () => {
  it('is a named navigation landmark with an ordered list; earlier steps link, the last is the current page', () => {
    render(
      <MemoryRouter>
        <Breadcrumb
          items={[
            { label: 'Projects', to: '/projects' },
            { label: 'Website Relaunch', to: '/projects/WEB' },
            { label: 'Website Relaunch Board' },
          ]}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Projects', '›Website Relaunch', '›Website Relaunch Board']);
    expect(within(items[0]!).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(items[1]!).getByRole('link', { name: 'Website Relaunch' })).toHaveAttribute('href', '/projects/WEB');
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[2]!).getByText('Website Relaunch Board')).toHaveAttribute('aria-current', 'page');
    // The separators are drawn, not read.
    for (const separator of nav.querySelectorAll('[aria-hidden="true"]')) expect(separator).toHaveTextContent('›');
  });
});
