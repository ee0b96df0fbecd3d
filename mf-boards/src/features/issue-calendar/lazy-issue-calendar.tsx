import { lazyPart } from '../../shared/lazy-part';
import { uiMessages } from '../../ui-messages';
import type { IssueCalendarProps } from './issue-calendar';

const standIn = { padding: 'var(--space-4)', color: 'var(--color-text-muted)' };

// The calendar (its dates, drag and drop and styles) is a chunk of its own, loaded only when the
// address asks for it: the cold board's JavaScript is at its budget. Should its code not arrive,
// the page keeps its header and filter, says so here, and draws the calendar once it does.
const calendar = lazyPart<IssueCalendarProps>({
  load: async () => (await import(/* webpackChunkName: "issue-calendar" */ './issue-calendar')).IssueCalendar,
  loading: () => (
    <p style={standIn} role="status">
      {uiMessages.loadingCalendar}
    </p>
  ),
  failed: (_props, { retry, retrying }) => (
    <div style={standIn} role="alert">
      <p>{retrying ? uiMessages.partLoadsWhenBack : uiMessages.partFailedToDraw}</p>
      <button type="button" onClick={retry}>
        {uiMessages.retry}
      </button>
    </div>
  ),
});

export const LazyIssueCalendar = calendar.Part;
export const preloadIssueCalendar = calendar.preload;
