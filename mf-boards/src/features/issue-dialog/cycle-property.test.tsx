import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssueDto } from '@trackboard/contracts';
import { answer, installViewport, type FakeRoute, type RecordedCall } from '@trackboard/web-kit/testing';
import { ada, signInAs } from '../../testing/board-fixtures';
import { CYCLES_ROUTE, projectCycles } from '../../testing/cycle-fixtures';
import { loadedIssue, openIssue } from '../../testing/render-board';

// The dialog's Cycle: while the project's cycles are on, no cycle, the current one or one planned
// after it, saved like the other properties with where the choice began; an issue in an ended
// cycle shows it, not to be chosen again.
jest.setTimeout(20000);
const patched = (call: RecordedCall) => answer(200, loadedIssue({ ...(call.body as Partial<IssueDto>), version: 4 }));
const open = (fields: Partial<IssueDto> = {}, cycles: FakeRoute = answer(200, projectCycles())) =>
  openIssue(fields, { [CYCLES_ROUTE]: cycles, 'PATCH /api/issues/1': patched });
const field = (dialog: HTMLElement) => within(dialog).findByRole('combobox', { name: 'Cycle' });
const patches = (server: { callsTo(route: string): RecordedCall[] }) =>
  server.callsTo('PATCH /api/issues/1').map((call) => call.body);

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the cycle in the issue dialog', () => {
  it('offers No cycle and the current and planned cycles, and saves the choice with its base', async () => {
    const { dialog, server } = await open();
    const select = await field(dialog);
    expect(select).toHaveTextContent('No cycle');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'No cycle',
      'Cycle 3 (current) · Mar 3, 2031 – Mar 16, 2031',
      'Cycle 4 · Mar 17, 2031 – Mar 30, 2031',
      'Cycle 5 · Mar 31, 2031 – Apr 13, 2031',
    ]);
    fireEvent.click(screen.getByRole('option', { name: /^Cycle 4/ }));
    await waitFor(() => expect(patches(server)).toEqual([{ cycleId: '44', version: 3, base: { cycleId: null } }]));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Cycle' })).toHaveTextContent(/^Cycle 4/));

    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Cycle' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'No cycle' }));
    await waitFor(() => expect(patches(server)[1]).toEqual({ cycleId: null, version: 4, base: { cycleId: '44' } }));
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1);
  });

  it('shows an ended cycle the issue is in, which cannot be chosen again', async () => {
    const { dialog } = await open({ cycleId: '42', status: 'DONE' });
    const select = await field(dialog);
    expect(select).toHaveTextContent('Cycle 2 (ended) · Feb 17, 2031 – Mar 2, 2031');
    fireEvent.keyDown(select, { key: 'Enter' });
    const ended = await screen.findByRole('option', { name: /^Cycle 2/ });
    expect(ended).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent?.split(' ·')[0])).toEqual([
      'No cycle',
      'Cycle 2 (ended)',
      'Cycle 3 (current)',
      'Cycle 4',
      'Cycle 5',
    ]);
  });

  it('is not there while the project has its cycles off', async () => {
    const off = projectCycles({ settings: { enabled: false, weeks: 2, startDay: 1 } });
    const { dialog, server } = await open({}, answer(200, off));
    await waitFor(() => expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1));
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Cycle' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Cycle')).not.toBeInTheDocument();
  });
});
