import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import { CYCLES_ROUTE, projectCycles } from '../../testing/cycle-fixtures';
import { address, filterBox, openFiltered, showing, titlesIn } from '../../testing/filtered-board';

// The filter's Cycle: current, next, any or none, kept in the address like the other choices; its
// menu is there only while the project's cycles are on, and they are asked for only once someone
// turns to the filter bar (or the address chooses a cycle), never by a cold board.

/** To Do: a (Cycle 3, the current one), b (Cycle 4, the next), c (no cycle); In Progress: d (Cycle 2, ended). */
const cycled = answer(
  200,
  board([
    issue({ id: '1', columnId: '10', position: 0, title: 'a', cycleId: '43' }),
    issue({ id: '2', columnId: '10', position: 1, title: 'b', cycleId: '44' }),
    issue({ id: '3', columnId: '10', position: 2, title: 'c' }),
    issue({ id: '4', columnId: '11', position: 0, title: 'd', cycleId: '42' }),
  ]),
);
const open = (url = '/boards/1', cycles: FakeRoute = answer(200, projectCycles())) =>
  openFiltered(url, { 'GET /api/boards/1': cycled, [CYCLES_ROUTE]: cycles });
const chips = () =>
  within(screen.getByRole('list', { name: 'Active filters' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe("the filter's Cycle", () => {
  it('is asked for once the bar is turned to, and filters by the current cycle, in the address', async () => {
    const server = await open();
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Cycle' })).not.toBeInTheDocument();

    fireEvent.focus(filterBox());
    const menu = await screen.findByRole('button', { name: 'Cycle' });
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1);
    fireEvent.click(menu);
    const group = screen.getByRole('group', { name: 'Cycle' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Current cycle', 'Next cycle', 'Any cycle', 'No cycle']);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Current cycle' }));
    await waitFor(() => expect(address()).toBe('/boards/1?cycle=current'));
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['a']));
    expect(titlesIn('In Progress')).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Remove filter Current cycle' })).toBeInTheDocument();
    expect(chips()).toEqual(['Current cycle×']);

    fireEvent.click(within(group).getByRole('checkbox', { name: 'No cycle' }));
    await waitFor(() => expect(address()).toBe('/boards/1?cycle=current,none'));
    expect(titlesIn('To Do')).toEqual(['a', 'c']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Current cycle' }));
    await waitFor(() => expect(address()).toBe('/boards/1?cycle=none'));
    expect(titlesIn('To Do')).toEqual(['c']);
    expect(document.activeElement).toBe(filterBox());
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1);
  });

  it('keeps "next" matching nothing until the cycles are here, then the first cycle after the current one', async () => {
    const held = heldAnswer();
    const server = await open('/boards/1?cycle=next', held.route);
    await waitFor(() => expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1));
    expect(titlesIn('To Do')).toEqual([]);
    expect(showing()).toBe('Showing 0 of 4 issues');

    held.release(answer(200, projectCycles()));
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['b']));
    expect(showing()).toBe('Showing 1 of 4 issues');
    expect(chips()).toEqual(['Next cycle×']);
    expect(screen.getByRole('button', { name: 'Cycle (1 chosen)' })).toBeInTheDocument();
  });

  it('matches any cycle, ended ones too, without waiting for the cycles', async () => {
    await open('/boards/1?cycle=any', heldAnswer().route);
    await waitFor(() => expect(titlesIn('In Progress')).toEqual(['d']));
    expect(titlesIn('To Do')).toEqual(['a', 'b']);
    expect(chips()).toEqual(['Any cycle×']);
  });

  it('offers no Cycle menu while the project has its cycles off', async () => {
    const off = projectCycles({ settings: { enabled: false, weeks: 2, startDay: 1 } });
    const server = await open('/boards/1', answer(200, off));
    fireEvent.focus(filterBox());
    await waitFor(() => expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Labels' }));
    expect(screen.getByRole('button', { name: 'Type' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cycle/ })).not.toBeInTheDocument();
  });

  // Colours aside (jsdom draws nothing), and the page's landmarks: the shell's <main> holds the board.
  it('passes axe with its menu open and a choice made', async () => {
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await open('/boards/1?cycle=current');
    fireEvent.click(await screen.findByRole('button', { name: 'Cycle (1 chosen)' }));
    await waitFor(() => expect(chips()).toEqual(['Current cycle×']));
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
