import type { CommentDto } from '@trackboard/contracts';
import { errorReason, socketManager } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { addToTree, removeFromTree, setReactionsInTree, updateInTree } from './comment-tree';
import { boardApi } from './api';
import { noComments } from './issue-list';
import { latestOnly } from './latest-only';
import { noAnswer } from './network';
import type { BoardSliceCreator, CommentsSlice } from './types';

export const createCommentsSlice: BoardSliceCreator<CommentsSlice> = (set, get) => {
  const isSelected = (issueId: string) => get().selectedIssueId === issueId;
  /**
   * Counts this page's own comment changes as their answers land. A reload that started before
   * one landed may have read the thread without it, so its answer is not shown: it asks again.
   */
  let ownChanges = 0;
  /** Reloads under way: only the latest one's answer is shown. */
  const reloads = latestOnly();
  /** The tree changed by `change`, when the issue is still the selected one. */
  const changeTree = (issueId: string, change: (comments: CommentDto[]) => CommentDto[]) => {
    ownChanges++;
    if (isSelected(issueId)) set({ comments: change(get().comments) });
  };
  /** Runs `call` with the comment error cleared; a failure stores the server's reason or `fallback`. */
  const attempt = async (fallback: string, call: () => Promise<void>): Promise<boolean> => {
    set({ commentError: null });
    try {
      await call();
      return true;
    } catch (error) {
      set({ commentError: errorReason(error, fallback) });
      if (noAnswer(error)) get().wentOffline();
      return false;
    }
  };

  return {
    ...noComments,

    async fetchComments(issueId) {
      if (!issueId) {
        set({ commentError: uiMessages.commentsNeedIssue });
        return;
      }
      if (isSelected(issueId)) set({ loadingComments: true });
      const request = reloads.start();
      try {
        const comments = await boardApi.fetchComments(issueId);
        if (isSelected(issueId) && reloads.isLatest(request)) set({ comments, loadingComments: false });
      } catch (error) {
        if (isSelected(issueId) && reloads.isLatest(request))
          set({
            comments: [],
            loadingComments: false,
            commentError: errorReason(error, uiMessages.fetchCommentsFailed),
          });
      }
    },

    receiveCommentChange(event) {
      // This page's own change is on screen already, from its answer.
      if (event.originId === socketManager.originId) return;
      if (isSelected(event.issueId)) void get().refreshComments();
    },

    async refreshComments() {
      const issueId = get().selectedIssueId;
      if (!issueId) return;
      const request = reloads.start();
      const ownChangesBefore = ownChanges;
      let comments: CommentDto[];
      try {
        comments = await boardApi.fetchComments(issueId);
      } catch (error) {
        // The thread on screen stays, and the next change or reconnect tries again; a first
        // load this reload overtook must still end, with its message.
        if (isSelected(issueId) && reloads.isLatest(request) && get().loadingComments)
          set({ loadingComments: false, commentError: errorReason(error, uiMessages.fetchCommentsFailed) });
        return;
      }
      if (!isSelected(issueId) || !reloads.isLatest(request)) return;
      if (ownChanges !== ownChangesBefore) return void get().refreshComments();
      set({ comments, loadingComments: false });
    },

    async addComment(issueId, text, parentCommentId = null) {
      const body = text.trim();
      if (!issueId || !body) {
        set({ commentError: uiMessages.commentNeedsText });
        return false;
      }
      set({ commentError: null });
      try {
        const comment = await boardApi.addComment(issueId, body, parentCommentId);
        if (!comment.issueId) {
          set({ commentError: uiMessages.commentAnswerIncomplete });
          return false;
        }
        changeTree(comment.issueId, (comments) => addToTree(comments, comment));
        return true;
      } catch (error) {
        set({ commentError: errorReason(error, uiMessages.addCommentFailed) });
        return false;
      }
    },

    async updateComment(issueId, commentId, text) {
      if (!commentId) {
        set({ commentError: uiMessages.updateCommentNeedsId });
        return false;
      }
      return attempt(uiMessages.updateCommentFailed, async () => {
        const comment = await boardApi.updateComment(commentId, text.trim());
        changeTree(issueId, (comments) => updateInTree(comments, { ...comment, id: commentId }));
      });
    },

    async deleteComment(issueId, commentId) {
      if (!commentId) {
        set({ commentError: uiMessages.deleteCommentNeedsId });
        return;
      }
      await attempt(uiMessages.deleteCommentFailed, async () => {
        await boardApi.deleteComment(commentId);
        changeTree(issueId, (comments) => removeFromTree(comments, commentId));
      });
    },

    async toggleReaction(issueId, commentId, type) {
      if (!commentId) {
        set({ commentError: uiMessages.reactionNeedsComment });
        return;
      }
      await attempt(uiMessages.toggleReactionFailed, async () => {
        const reactions = await boardApi.toggleReaction(commentId, type);
        changeTree(issueId, (comments) => setReactionsInTree(comments, commentId, reactions));
      });
    },
  };
};
