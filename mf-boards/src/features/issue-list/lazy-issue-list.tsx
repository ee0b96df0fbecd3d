import { uiMessages } from '../../ui-messages';
import { lazyPart } from '../../shared/lazy-part';
import type { IssueListProps } from './issue-list';

// The list (its sorting, grouping, virtualiser and editors) is a chunk of its own, loaded only
// when the address asks for it: the cold board's JavaScript is at its budget. Should its code not
// arrive, the page keeps its header and filter, says so here, and draws the list once it does.
const list = lazyPart<IssueListProps>({
  load: async () => (await import(/* webpackChunkName: "issue-list" */ './issue-list')).IssueList,
  loading: () => <p role="status">{uiMessages.loadingList}</p>,
  failed: (_props, { retry, retrying }) => (
    <p role="alert">
      {retrying ? uiMessages.partLoadsWhenBack : uiMessages.partFailedToDraw}{' '}
      <button type="button" onClick={retry}>
        {uiMessages.retry}
      </button>
    </p>
  ),
});

export const IssueList = list.Part;
export const preloadIssueList = list.preload;
