import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ada, signInAs } from '../../testing/board-fixtures';
import { address, browser, filterBox, openFiltered, showing, titlesIn, typeFilter } from '../../testing/filtered-board';

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const chips = () =>
  within(screen.getByRole('list', { name: 'Active filters' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('the board filter bar', () => {
  it('hides cards that do not match the text, counts them, and writes the address', async () => {
    await openFiltered();
    expect(showing()).toBeNull();
    expect(filterBox()).toHaveAttribute('data-board-filter');

    typeFilter('WRITE');
    // The board at once; the address once typing pauses.
    expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']);
    expect(address()).toBe('/boards/1');
    await waitFor(() => expect(address()).toBe('/boards/1?q=WRITE'));
    expect(titlesIn('In Progress')).toEqual([]);
    expect(within(screen.getByRole('region', { name: 'In Progress' })).getByText('No matching issues')).toBeVisible();
    expect(screen.getByLabelText('2 of 4 issues shown')).toHaveTextContent('2/4');
    expect(showing()).toBe('Showing 2 of 5 issues');
    expect(screen.getByText('Showing 2 of 5 issues')).toHaveAttribute('aria-live', 'polite');
    expect(chips()).toEqual(['Text: "WRITE"×']);
  });

  it('ignores accents and case; leaving the box writes the address at once', async () => {
    await openFiltered();
    typeFilter('creme BRULEE');
    expect(titlesIn('To Do')).toEqual(['Crème brûlée']);
    fireEvent.blur(filterBox());
    expect(address()).toBe('/boards/1?q=creme%20BRULEE');
  });

  it('a page left (or reloaded) right after typing keeps the text in the address', async () => {
    await openFiltered();
    typeFilter('draw');
    expect(address()).toBe('/boards/1');
    fireEvent(window, new Event('pagehide'));
    expect(address()).toBe('/boards/1?q=draw');
  });

  it('opens with the filter of the address: chips per choice, a chip removes its choice, Clear removes all', async () => {
    await openFiltered('/boards/1?assignee=me&priority=high&q=spec');
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec']));
    expect(filterBox()).toHaveValue('spec');
    expect(chips()).toEqual(['Text: "spec"×', 'Assignee: Me×', 'Priority: High×']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Priority: High' }));
    await waitFor(() => expect(address()).toBe('/boards/1?q=spec&assignee=me'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Text: "spec"' }));
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']));
    expect(filterBox()).toHaveValue('');
    expect(address()).toBe('/boards/1?assignee=me');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(address()).toBe('/boards/1'));
    expect(titlesIn('To Do')).toHaveLength(4);
    expect(showing()).toBeNull();
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(filterBox());
  });

  it('chooses from a menu of checkboxes; Escape closes it', async () => {
    await openFiltered();
    const labels = screen.getByRole('button', { name: 'Labels' });
    expect(labels).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(labels);
    const menu = screen.getByRole('group', { name: 'Labels' });
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'Frontend' }));
    await waitFor(() => expect(address()).toBe('/boards/1?label=32'));
    expect(titlesIn('In Progress')).toEqual(['Build the API']);
    expect(titlesIn('To Do')).toEqual([]);
    expect(chips()).toEqual(['Label: Frontend×']);
    expect(within(menu).getByRole('checkbox', { name: 'Frontend' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Labels (1 chosen)' })).toBeInTheDocument();

    fireEvent.keyDown(within(menu).getByRole('checkbox', { name: 'Frontend' }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: /^Labels/ })).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Labels/ }));
  });

  it('offers Me, Unassigned and the members; the due buckets; priority and type', async () => {
    await openFiltered();
    const options = (name: string) => {
      fireEvent.click(screen.getByRole('button', { name }));
      const found = within(screen.getByRole('group', { name })).getAllByRole('checkbox');
      fireEvent.click(screen.getByRole('button', { name }));
      return found.map((box) => box.closest('label')!.textContent);
    };
    expect(options('Assignee')).toEqual(['Me', 'Unassigned', 'Ada Lovelace', 'Grace Hopper']);
    expect(options('Due')).toEqual(['Overdue', 'Due this week', 'No due date']);
    expect(options('Priority')).toEqual(['Critical', 'High', 'Medium', 'Low']);
    expect(options('Type')).toEqual(['Task', 'Bug', 'Story', 'Epic']);

    fireEvent.click(screen.getByRole('button', { name: 'Assignee' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unassigned' }));
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Crème brûlée']));
    expect(address()).toBe('/boards/1?assignee=none');
  });

  it('names a due bucket by itself in its chip', async () => {
    await openFiltered('/boards/1?due=none,week');
    await waitFor(() => expect(chips()).toEqual(['No due date×', 'Due this week×']));
    expect(titlesIn('To Do')).toHaveLength(4);
  });

  it('Back and Forward step through the filters; typing a search is one step', async () => {
    await openFiltered();
    typeFilter('w');
    typeFilter('wr');
    typeFilter('write');
    await waitFor(() => expect(address()).toBe('/boards/1?q=write'));
    fireEvent.click(screen.getByRole('button', { name: 'Type' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Task' }));
    await waitFor(() => expect(address()).toBe('/boards/1?q=write&type=task'));

    browser('back');
    await waitFor(() => expect(address()).toBe('/boards/1?q=write'));
    expect(filterBox()).toHaveValue('write');
    browser('back');
    await waitFor(() => expect(address()).toBe('/boards/1'));
    expect(filterBox()).toHaveValue('');
    expect(titlesIn('To Do')).toHaveLength(4);
    browser('forward');
    await waitFor(() => expect(filterBox()).toHaveValue('write'));
    expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']);
  });
});
