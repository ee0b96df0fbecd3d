import { FadeIn, useDocumentTitle } from '@trackboard/web-kit';
import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { uiMessages } from '../../ui-messages';
import { FilterBar, useFilteredBoard } from '../board-filter';
import { LazyIssueCalendar, preloadIssueCalendar } from '../issue-calendar';
import { IssueList, preloadIssueList, useBoardView, ViewSwitch } from '../issue-list';
import { Swimlanes, useGroupBy, ViewControls } from '../swimlanes';
import { BoardPresence } from '../../shared/presence';
import { ReadOnlyBanner } from './read-only-banner';
import { BoardBreadcrumb } from './board-breadcrumb';
import type { MoveRequest } from '../../shared/board-store/board-model';
import titleStyles from './board-title.module.css';
import { AddColumn } from './components/add-column';
import { BoardColumns } from './components/board-columns';
import { SkipToBoard } from './components/skip-to-board';
import styles from './components/board.module.css';
import { OfflineBanner } from './offline-banner';
import { moveIssueUndoably, useBoardStore, useBoardReadOnly } from '../../shared/board-store';
import { useBoardRoom } from '../../shared/board-store/use-board-room';
import { clearSelection } from '../../shared/issue-selection';
import { useCanArrange } from './use-can-arrange';
import { useConnectionWatch } from './use-connection-watch';

const errorText = (error: unknown) => (typeof error === 'string' && error ? error : uiMessages.unexpectedError);

/**
 * Board view, /boards/{boardId}. A click on a card asks `onOpenIssue` to open
 * it: the screen around the board decides how (through the address). `headerLinks` draws what
 * the header links to beside the name (the settings entry): the screen composes it, so the board
 * and the settings screen, which draws parts of the board, never import each other.
 */
export function BoardPage({
  boardId,
  onOpenIssue,
  headerLinks,
}: {
  boardId: string | undefined;
  onOpenIssue: (issueId: string) => void;
  headerLinks?: (boardId: string) => ReactNode;
}) {
  const { board, columns, users, labels, loading, error, loadedBoardId } = useBoardStore(
    useShallow((s) => ({
      board: s.board,
      columns: s.columns,
      users: s.users,
      labels: s.labels,
      loading: s.loading,
      error: s.error,
      loadedBoardId: s.loadedBoardId,
    })),
  );
  // The filter in the address decides which cards are drawn; the store keeps them all.
  const filtered = useFilteredBoard(columns);
  const { toFullMove } = filtered;
  const columnsId = useId();
  const canArrange = useCanArrange();
  // Columns of cards, or the list (`?view=list`): the same filtered issues either way.
  const view = useBoardView();
  // The view's code is asked for while the board's issues are: it is here when they are.
  useEffect(() => {
    if (view === 'list') preloadIssueList();
    if (view === 'calendar') preloadIssueCalendar();
  }, [view]);
  const groupBy = useGroupBy();
  const shownIssues = useMemo(() => filtered.columns.flatMap((column) => column.issues), [filtered.columns]);
  const readOnly = useBoardReadOnly();

  useEffect(() => {
    if (!boardId) {
      console.error('Board view: no board id in the address.');
      return;
    }
    void useBoardStore.getState().fetchBoard(boardId);
  }, [boardId]);
  useEffect(() => () => useBoardStore.getState().reset(), []);
  // Issues picked for a bulk edit belong to the board they were picked on.
  useEffect(() => clearSelection, [boardId]);
  // Its project, once: the breadcrumb's name, and whether it is archived.
  const projectKey = board?.projectKey;
  useEffect(() => {
    if (projectKey) void useBoardStore.getState().fetchProject(projectKey);
  }, [projectKey]);
  useBoardRoom(boardId);
  useConnectionWatch(boardId);
  // The tab says which board this is; the shell's "Board" shows while it loads.
  useDocumentTitle(board?.name);

  // A move counts only the cards drawn; the store places it in the full column.
  const onMove = useCallback((move: MoveRequest) => void moveIssueUndoably(toFullMove(move)), [toFullMove]);
  const onAdd = useCallback(
    (columnId: string, title: string, description: string) =>
      useBoardStore.getState().addIssue({ columnId, title, description }),
    [],
  );

  const settled = loadedBoardId === boardId && !loading;
  let content;
  if (!settled && columns.length === 0) {
    content = (
      <p className={styles.state} role="status">
        {uiMessages.loadingBoard}
      </p>
    );
  } else if (error && !board) {
    content = (
      <>
        <OfflineBanner />
        <ErrorBox error={error} />
      </>
    );
  } else if (!board) {
    content = (
      <div className={styles.state}>
        <h1 className={styles.stateTitle}>{uiMessages.boardNotFound}</h1>
        <p>{uiMessages.noBoardData(boardId)}</p>
      </div>
    );
  } else {
    content = (
      <>
        {/* First on the page: it leads past the breadcrumb and the filter bar to the cards. */}
        {columns.length > 0 ? <SkipToBoard boardId={columnsId} /> : null}
        <div className={titleStyles.titleBlock}>
          <BoardBreadcrumb boardName={board.name} projectKey={board.projectKey} />
          <div className={titleStyles.titleRow}>
            <h1 className={styles.heading}>{board.name}</h1>
            <BoardPresence boardId={board.id} />
            {headerLinks?.(board.id)}
          </div>
        </div>
        {/* An archived project, or a viewer: the board reads, and offers no change. */}
        <ReadOnlyBanner />
        {/* Offline: the board stays under it; it goes once the connection is back. */}
        <OfflineBanner />
        {error ? <ErrorBox error={error} onDismiss={() => useBoardStore.getState().dismissError()} /> : null}
        {columns.length === 0 ? (
          <>
            <p className={styles.state}>{uiMessages.noColumns}</p>
            {/* A board made without columns: the lead or an admin starts one here. */}
            {canArrange ? <AddColumn /> : null}
          </>
        ) : (
          <>
            <FilterBar {...filtered} users={users} labels={labels} />
            <ViewControls>
              <ViewSwitch />
            </ViewControls>
            {view === 'list' ? (
              <IssueList id={columnsId} columns={filtered.columns} onOpen={onOpenIssue} />
            ) : view === 'calendar' ? (
              <LazyIssueCalendar issues={shownIssues} onOpen={onOpenIssue} readOnly={readOnly} />
            ) : groupBy ? (
              <Swimlanes
                id={columnsId}
                groupBy={groupBy}
                columns={filtered.columns}
                totals={filtered.active ? filtered.totals : undefined}
                onMove={onMove}
                onOpen={onOpenIssue}
              />
            ) : (
              <BoardColumns
                id={columnsId}
                columns={filtered.columns}
                totals={filtered.active ? filtered.totals : undefined}
                onMove={onMove}
                onOpen={onOpenIssue}
                onAdd={onAdd}
              />
            )}
          </>
        )}
      </>
    );
  }

  return <FadeIn className={styles.page}>{content}</FadeIn>;
}

function ErrorBox({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  useEffect(() => {
    if (typeof error !== 'string') console.error('Board error:', error);
  }, [error]);
  return (
    <div className={styles.errorBox} role="alert">
      <div>
        <h2>{uiMessages.errorHeading}</h2>
        <p>{errorText(error)}</p>
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss}>
          {uiMessages.dismiss}
        </button>
      ) : null}
    </div>
  );
}
