import { fireEvent, render, screen } from '@testing-library/react';
import { uiMessages } from '../../ui-messages';
import { installDomPolyfills } from '../../testing/dom-polyfills';
import { LazyIssueCalendar } from '.';

// The calendar is a chunk of its own: the board page imports the index, which loads nothing of
// it until the calendar is shown; should the chunk not arrive, it says so in its place with Retry.

installDomPolyfills();
jest.setTimeout(20000);

const chunk = { failing: false, loads: 0 };
jest.mock('./issue-calendar', () => {
  chunk.loads++;
  if (chunk.failing)
    throw Object.assign(new Error('Loading chunk 77 failed.\n(error: /remotes/mf-boards/issue-calendar.js)'), {
      name: 'ChunkLoadError',
    });
  return jest.requireActual('./issue-calendar');
});

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

it('loads nothing of the calendar until it is shown, and draws it after a failed load once Retry is pressed', async () => {
  expect(chunk.loads).toBe(0);
  chunk.failing = true;
  const props = { issues: [], onOpen: () => {}, readOnly: false, now: () => new Date(2026, 10, 24) };
  render(<LazyIssueCalendar {...props} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading calendar...');
  const failed = await screen.findByRole('alert');
  expect(failed).toHaveTextContent(uiMessages.partLoadsWhenBack);
  chunk.failing = false;
  fireEvent.click(screen.getByRole('button', { name: uiMessages.retry }));
  expect(await screen.findByRole('table', { name: 'November 2026' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'No due date (0)' })).toBeInTheDocument();
});
