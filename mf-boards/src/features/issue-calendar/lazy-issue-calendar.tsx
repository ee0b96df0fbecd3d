import { lazyPart, viewStandIns } from '../../shared/lazy-part';
import { uiMessages } from '../../ui-messages';
import type { IssueCalendarProps } from './issue-calendar';

// The calendar (its dates, drag and drop and styles) is a chunk of its own, loaded only when the
// address asks for it: the cold board's JavaScript is at its budget.
const calendar = lazyPart<IssueCalendarProps>({
  load: async () => (await import(/* webpackChunkName: "issue-calendar" */ './issue-calendar')).IssueCalendar,
  ...viewStandIns(() => uiMessages.loadingCalendar),
});

export const LazyIssueCalendar = calendar.Part;
export const preloadIssueCalendar = calendar.preload;
