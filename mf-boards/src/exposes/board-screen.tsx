import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { BoardPage, useBoardCommands } from '../features/board';
import { BoardSettingsLink } from '../features/board-settings';
import { BulkEditBar } from '../features/bulk-edit';
import { SaveViewButton } from '../features/saved-views';
import { CommentsPanel } from '../features/comments';
import { IssueDialog } from '../features/issue-dialog';
import { deleteCommentUndoably, deleteIssueUndoably, useBoardStore, type UpdateIssue } from '../shared/board-store';
import { useReadOnlyReason } from '../shared/board-store/use-board-access';
import { useBoardRights } from './board-rights';
import { useIssueRoute } from './use-issue-route';
import { uiMessages } from '../ui-messages';

/**
 * /boards/{boardId}, and /boards/{boardId}/issues/{key} with that issue's dialog open: the
 * board view with the issue dialog over it (spec §2.11–§2.13, and deep links). One
 * component for both routes, so opening and closing the dialog never remounts the board.
 */
export function BoardScreen() {
  const { boardId, issueKey } = useParams();
  const route = useIssueRoute(boardId, issueKey);
  useBoardCommands(boardId);
  return (
    <>
      <BoardPage
        boardId={boardId}
        onOpenIssue={route.open}
        headerLinks={(id) => (
          <>
            <BoardSettingsLink boardId={id} />
            <SaveViewButton boardId={id} />
          </>
        )}
      />
      <IssueDialogContainer onClose={route.close} />
      <BulkEditContainer />
    </>
  );
}

/** The bulk edit bar, with what the signed-in user may do; nothing on a board they cannot change. */
function BulkEditContainer() {
  const readOnly = useReadOnlyReason() !== null;
  const rights = useBoardRights();
  return readOnly ? null : <BulkEditBar canDelete={rights.canDeleteIssue} />;
}

/** The dialog and its comments, fed from the board store. */
function IssueDialogContainer({ onClose }: { onClose: () => void }) {
  const state = useBoardStore(
    useShallow((s) => ({
      selectedIssueId: s.selectedIssueId,
      selectedIssue: s.selectedIssue,
      loading: s.loadingSelectedIssue,
      columnMeta: s.columnMeta,
      users: s.users,
      board: s.board,
      issueUpdateError: s.issueUpdateError,
      issueConflict: s.issueConflict,
      comments: s.comments,
      loadingComments: s.loadingComments,
      commentError: s.commentError,
    })),
  );
  // An archived project, or a viewer: the dialog reads and changes nothing; the comments take a
  // viewer's where the project allows it.
  const readOnlyReason = useReadOnlyReason();
  const issueId = state.selectedIssueId;
  const rights = useBoardRights();
  const commentsReadOnly = readOnlyReason === 'archived' || !rights.canComment;

  const store = useBoardStore.getState;
  const onUpdate = useCallback<UpdateIssue>(
    (changes, startedFrom) =>
      issueId ? store().updateIssue(issueId, changes, startedFrom) : Promise.resolve('failed' as const),
    [issueId, store],
  );

  if (!issueId) return null;
  return (
    <IssueDialog
      open
      issue={state.selectedIssue}
      loading={state.loading}
      columns={state.columnMeta}
      users={state.users}
      canDelete={rights.canDeleteIssue}
      canDeleteAttachment={rights.canDeleteAttachment}
      readOnly={readOnlyReason !== null}
      readOnlyNotice={
        readOnlyReason === 'viewer' ? uiMessages.viewerNotice(rights.canComment) : uiMessages.archivedBanner
      }
      updateError={state.issueUpdateError}
      conflict={state.issueConflict}
      onClose={onClose}
      onUpdate={onUpdate}
      onDelete={() => void deleteIssueUndoably(issueId)}
      comments={
        <CommentsPanel
          issueId={issueId}
          comments={state.comments}
          loading={state.loadingComments}
          error={state.commentError}
          viewer={rights.commentViewer}
          readOnly={commentsReadOnly}
          onAdd={(text) => store().addComment(issueId, text)}
          onReply={(parentId, text) => store().addComment(issueId, text, parentId)}
          onEdit={(commentId, text) => store().updateComment(issueId, commentId, text)}
          onDelete={(commentId) => void deleteCommentUndoably(issueId, commentId)}
          onReact={(commentId, type) => void store().toggleReaction(issueId, commentId, type)}
        />
      }
    />
  );
}
