import { issuePath, type IssueDto } from '@trackboard/contracts';
import { api, ApiError, errorReason, showToast } from '@trackboard/web-kit';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useBoardStore, type BoardState } from '../shared/board-store';
import { uiMessages } from '../ui-messages';
import { issueRouteDecision, type IssueRouteState } from './issue-route-decision';

/** GET /issues/by-key/{key}: the issue, wherever it is; 404 when it does not exist or is not shared with the caller. */
const issueByKey = (key: string) => api.get<IssueDto>(`/issues/by-key/${encodeURIComponent(key)}`);

/** What the route rule reads of the board store. */
const routeView = (
  s: BoardState,
  boardId: string | undefined,
  issueKey: string | undefined,
): Omit<IssueRouteState, 'issueKey' | 'openedHere' | 'openedByAddress'> => ({
  board:
    s.board && s.board.id === boardId ? 'shown' : s.loadedBoardId === boardId && !s.loading ? 'missing' : 'loading',
  idForKey: issueKey ? (s.issues.find((issue) => issue.key === issueKey)?.id ?? null) : null,
  selectedIssueId: s.selectedIssueId,
});

/** The history entry a card's click pushes says so: closing the dialog then goes back to the board's entry. */
const openedFromBoard = { fromBoard: true } as const;
const cameFromBoard = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { fromBoard?: unknown }).fromBoard === true;

/**
 * Deep links: the address names the open issue, the dialog follows it. Opening a
 * card pushes /boards/{boardId}/issues/{key}; closing returns to /boards/{boardId}; Back
 * closes the dialog, and a reload opens it again. A key this board lacks is looked up on the
 * server: on another board it redirects there; unknown (or not shared) the board stays, saying so.
 */
export function useIssueRoute(boardId: string | undefined, issueKey: string | undefined) {
  const navigate = useNavigate();
  const { state: historyState, search } = useLocation();
  const routeId = boardId && issueKey ? `${boardId}/${issueKey}` : null;
  // Re-decides whenever what the rule reads changes; the effect reads the store afresh.
  const view = useBoardStore(useShallow((s) => routeView(s, boardId, issueKey)));
  /** The route whose dialog this hook opened, until it closes. */
  const opened = useRef<string | null>(null);
  /** The route whose key is being (or was) looked up on the server. */
  const resolving = useRef<string | null>(null);
  // The board's filter lives in the query: opening and closing an issue keep it.
  const boardPath = `/boards/${encodeURIComponent(boardId ?? '')}${search}`;
  // Read when a card is opened, so a new query does not make a new `open` (and redraw every card).
  const searchRef = useRef(search);
  useLayoutEffect(() => {
    searchRef.current = search;
  }, [search]);

  useEffect(() => {
    resolving.current = null;
  }, [routeId]);

  useEffect(() => {
    const store = useBoardStore.getState();
    const action = issueRouteDecision({
      issueKey,
      ...routeView(store, boardId, issueKey),
      openedHere: routeId !== null && opened.current === routeId,
      openedByAddress: opened.current !== null,
    });
    switch (action.kind) {
      case 'select':
        opened.current = routeId;
        void store.selectIssue(action.issueId);
        return;
      case 'clear':
        opened.current = null;
        store.clearSelection();
        return;
      case 'back-to-board':
        opened.current = null;
        // The address may still name the closed issue for a render or two (the router's update
        // can come after the store's): it is being left, not looked up.
        resolving.current = routeId;
        navigate(boardPath, { replace: true });
        return;
      case 'resolve':
        if (!issueKey || resolving.current === routeId) return;
        resolving.current = routeId;
        issueByKey(issueKey).then(
          (issue) => {
            if (resolving.current !== routeId) return;
            if (issue.boardId !== boardId || issue.key !== issueKey)
              navigate(issuePath(issue.boardId, issue.key), { replace: true });
            // Made after this board was read: the fresh board brings it, and the dialog opens.
            else useBoardStore.getState().refreshBoard();
          },
          (error: unknown) => {
            if (resolving.current !== routeId) return;
            if (!(error instanceof ApiError && error.status >= 400 && error.status < 500))
              return void useBoardStore.setState({ error: errorReason(error, uiMessages.fetchIssueFailed) });
            // Unknown, deleted or not shared: the board stays and says so, rather than a 404 page in its place.
            navigate(boardPath, { replace: true });
            showToast({ text: uiMessages.issueKeyNotFound(issueKey), tone: 'error' });
          },
        );
    }
  }, [routeId, issueKey, boardId, boardPath, view, navigate]);

  const open = useCallback(
    (issueId: string) => {
      const key = useBoardStore.getState().issues.find((issue) => issue.id === issueId)?.key;
      if (boardId && key) navigate(`${issuePath(boardId, key)}${searchRef.current}`, { state: openedFromBoard });
    },
    [boardId, navigate],
  );
  const close = useCallback(() => {
    // Back to the entry the card's click came from, so Back after a close does not reopen it.
    if (cameFromBoard(historyState)) navigate(-1);
    else navigate(boardPath);
  }, [historyState, boardPath, navigate]);

  return { open, close };
}
