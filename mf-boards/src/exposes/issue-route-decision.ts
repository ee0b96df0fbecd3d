// Deep links: the address says which issue's dialog is open
// (/boards/{boardId}/issues/{key}), and the board store follows it. The rule as a table of
// cases, so each can be read and tested on its own; `useIssueRoute` only carries it out.

export interface IssueRouteState {
  /** The key in the address, or undefined on the plain board view. */
  issueKey: string | undefined;
  /** The board of the address: still loading, not there for this user (its own not-found state), or shown. */
  board: 'loading' | 'missing' | 'shown';
  /** The id of the shown board's issue with that key, or null when the board has none. */
  idForKey: string | null;
  selectedIssueId: string | null;
  /** The address opened the dialog for this key, and nothing has closed it since. */
  openedHere: boolean;
  /**
   * An address opened the dialog on screen (for any key). A dialog opened another way (the
   * store's own `selectIssue`) is left alone by a plain board address.
   */
  openedByAddress: boolean;
}

export type IssueRouteAction =
  /** Nothing to do (yet). */
  | { kind: 'none' }
  /** Open the dialog of this issue. */
  | { kind: 'select'; issueId: string }
  /** The address lost its key (Back, a close, a link to the board): close the dialog. */
  | { kind: 'clear' }
  /** The dialog closed itself (the issue was deleted, removed, or failed to load): the address follows. */
  | { kind: 'back-to-board' }
  /** The board has no issue with that key: ask the server where it is (another board, or nowhere). */
  | { kind: 'resolve' };

export function issueRouteDecision(state: IssueRouteState): IssueRouteAction {
  if (!state.issueKey) return state.openedByAddress && state.selectedIssueId ? { kind: 'clear' } : { kind: 'none' };
  if (state.board !== 'shown') return { kind: 'none' };
  if (state.idForKey) {
    if (state.selectedIssueId === state.idForKey) return { kind: 'none' };
    if (state.openedHere && !state.selectedIssueId) return { kind: 'back-to-board' };
    return { kind: 'select', issueId: state.idForKey };
  }
  return state.openedHere ? { kind: 'back-to-board' } : { kind: 'resolve' };
}
