import { screen, within } from '@testing-library/react';
import type { ProgressWeek, ProjectProgress } from '@trackboard/contracts';
import { answer, fakeApi } from '@trackboard/web-kit/testing';
import { ada, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';

// The project page's progress panel: two charts of the last eight weeks (each an image with a
// title and a description, and a table of the same numbers for screen readers) and the median
// time from start to done.

const ends = [
  '2031-01-25',
  '2031-02-01',
  '2031-02-08',
  '2031-02-15',
  '2031-02-22',
  '2031-03-01',
  '2031-03-08',
  '2031-03-15',
];
const weeks: ProgressWeek[] = ends.map((end, i) => ({ end, open: 10 - i, done: i * 2, created: i % 3, closed: i }));
const progress = (fields: Partial<ProjectProgress> = {}): ProjectProgress => ({
  weeks,
  medianStartToDoneHours: 60,
  sampleSize: 12,
  ...fields,
});

function showProject(answerWith: ReturnType<typeof answer>) {
  signInAs(ada);
  const server = fakeApi({
    'GET /api/projects/WEB': answer(200, projectDto()),
    'GET /api/projects/WEB/progress': answerWith,
  });
  renderProjectsAt('/projects/WEB');
  return server;
}

/** A table's rows as the cells' texts. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the project page’s progress panel', () => {
  it('draws open and done issues and created and closed ones, with their numbers in tables, and the median', async () => {
    const server = showProject(answer(200, progress()));
    const panel = await screen.findByRole('region', { name: 'Progress' });
    expect(await within(panel).findByText('Median time from start to done: 2.5 days')).toBeInTheDocument();
    expect(within(panel).getByText('(over 12 finished issues)')).toBeInTheDocument();
    expect(server.callsTo('GET /api/projects/WEB/progress')[0]!.headers.Authorization).toBe('Bearer test-token');

    const lines = within(panel).getByRole('img', { name: 'Open and done issues' });
    expect(lines).toHaveAccessibleDescription(
      'Open and done issues at the end of each of the last 8 weeks, oldest first.',
    );
    expect([...lines.querySelectorAll('[data-series]')].map((path) => path.getAttribute('data-series'))).toEqual([
      'open',
      'done',
    ]);
    const bars = within(panel).getByRole('img', { name: 'Issues created and closed' });
    // A pair of bars a week.
    expect(bars.querySelectorAll('[data-series="created"]')).toHaveLength(8);
    expect(bars.querySelectorAll('[data-series="closed"]')).toHaveLength(8);

    const openDone = within(panel).getByRole('table', {
      name: 'Open and done issues at the end of each of the last 8 weeks, oldest first.',
    });
    expect(rowsOf(openDone)).toEqual([
      ['Week ending', 'Open', 'Done'],
      ['Jan 25', '10', '0'],
      ['Feb 1', '9', '2'],
      ['Feb 8', '8', '4'],
      ['Feb 15', '7', '6'],
      ['Feb 22', '6', '8'],
      ['Mar 1', '5', '10'],
      ['Mar 8', '4', '12'],
      ['Mar 15', '3', '14'],
    ]);
    const createdClosed = within(panel).getByRole('table', {
      name: 'Issues created and closed in each of the last 8 weeks, oldest first.',
    });
    expect(rowsOf(createdClosed).slice(0, 3)).toEqual([
      ['Week ending', 'Created', 'Closed'],
      ['Jan 25', '0', '0'],
      ['Feb 1', '1', '1'],
    ]);
  });

  it('gives a median under a day in hours, and says so when nothing has gone from started to done', async () => {
    showProject(answer(200, progress({ medianStartToDoneHours: 5.25, sampleSize: 1 })));
    expect(await screen.findByText('Median time from start to done: 5.3 hours')).toBeInTheDocument();
    expect(screen.getByText('(over 1 finished issue)')).toBeInTheDocument();
  });

  it('says when no issue has a start-to-done time yet', async () => {
    showProject(answer(200, progress({ medianStartToDoneHours: null, sampleSize: 0 })));
    expect(
      await screen.findByText('Median time from start to done: no issue has gone from started to done yet.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('says when the progress could not be loaded, and the rest of the page stays', async () => {
    showProject(answer(500, { message: 'Database down' }));
    const panel = await screen.findByRole('region', { name: 'Progress' });
    expect(await within(panel).findByText('Could not load the progress.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Web Platform' })).toBeInTheDocument();
  });
});
