import type { IssueDto } from '@trackboard/contracts';
import { buildColumns } from './board-model';
import type { BoardState } from './types';

/** The dialog's part of the store while no issue is selected. */
export const noIssueSelected = {
  selectedIssueId: null,
  selectedIssue: null,
  loadingSelectedIssue: false,
  issueUpdateError: null,
  issueConflict: null,
  fieldChangedBy: {},
} satisfies Partial<BoardState>;

/** The comments' part of the store while no issue is selected. */
export const noComments = { comments: [], loadingComments: false, commentError: null } satisfies Partial<BoardState>;

/** Everything that belongs to the selected issue, as it is when none is selected. */
export const noSelection = { ...noIssueSelected, ...noComments };

type IssueListState = Pick<BoardState, 'columnMeta' | 'selectedIssueId' | 'selectedIssue'>;

/** A new issue list: columns rebuilt, the selected issue kept in step (and dropped when gone). */
export function withIssues(state: IssueListState, issues: IssueDto[]): Partial<BoardState> {
  const next: Partial<BoardState> = { issues, columns: buildColumns(state.columnMeta, issues) };
  if (!state.selectedIssueId) return next;
  const fresh = issues.find((issue) => issue.id === state.selectedIssueId);
  if (!fresh) return { ...next, ...noSelection };
  // An older copy (a board fetched before the edit landed) must not undo the dialog's fresher one.
  if (state.selectedIssue && fresh.version >= state.selectedIssue.version) next.selectedIssue = fresh;
  return next;
}
