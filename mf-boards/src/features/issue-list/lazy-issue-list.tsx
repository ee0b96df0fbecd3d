import { uiMessages } from '../../ui-messages';
import { lazyPart, viewStandIns } from '../../shared/lazy-part';
import type { IssueListProps } from './issue-list';

// The list (its sorting, grouping, virtualiser and editors) is a chunk of its own, loaded only
// when the address asks for it: the cold board's JavaScript is at its budget.
const list = lazyPart<IssueListProps>({
  load: async () => (await import(/* webpackChunkName: "issue-list" */ './issue-list')).IssueList,
  ...viewStandIns(() => uiMessages.loadingList),
});

export const IssueList = list.Part;
export const preloadIssueList = list.preload;
