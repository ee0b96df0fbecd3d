import type { CommentDto, WatchState } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';
import { useEffect, useRef, useState } from 'react';
import { useBoardStore } from '../../shared/board-store';

const watchPath = (issueId: string) => `/issues/${encodeURIComponent(issueId)}/watch`;

export const watchApi = {
  read: (issueId: string) => api.get<WatchState>(watchPath(issueId)),
  watch: (issueId: string) => api.put<WatchState>(watchPath(issueId)),
  unwatch: (issueId: string) => api.delete<WatchState>(watchPath(issueId)),
};

/**
 * After a new comment the state is read at once and, while it reads as before, again after each
 * of these pauses: the notification service adds a commenter as a watcher when it handles the
 * comment's event, which may be a moment after the comment (and its comment_changed) landed.
 */
export const watchSettleDelaysMs = [400, 1500, 4000];

const threadSize = (comments: CommentDto[]): number =>
  comments.reduce((size, comment) => size + 1 + threadSize(comment.replies), 0);

/** How many comments (replies too) the issue's thread shows, or null while it loads or is another issue's. */
function useThreadSize(issueId: string): number | null {
  return useBoardStore((state) =>
    state.selectedIssueId !== issueId || state.loadingComments || state.comments.some((c) => c.issueId !== issueId)
      ? null
      : threadSize(state.comments),
  );
}

const sameState = (a: WatchState, b: WatchState) => a.watching === b.watching && a.watcherCount === b.watcherCount;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The issue's watch state: read when the dialog opens, and again whenever its thread gains a
 * comment — the user's own (its answer) or someone else's (comment_changed reloads the thread) —
 * since commenting makes the commenter a watcher. `change` is the Watch button's own change:
 * shown at once, then as the server answers, put back if it refuses. Only the latest read or
 * change is shown, so a read that answers late never undoes the button.
 */
export function useWatchState(issueId: string) {
  const [state, setState] = useState<WatchState | null>(null);
  /** Bumped by every read and change: an answer is shown only while its number is the latest. */
  const latest = useRef(0);

  useEffect(() => {
    const mine = ++latest.current;
    watchApi.read(issueId).then(
      (answer) => mine === latest.current && setState(answer),
      (failure: unknown) => console.warn('Could not read the watch state', failure),
    );
    return () => {
      latest.current++;
    };
  }, [issueId]);

  const size = useThreadSize(issueId);
  const seenSize = useRef<number | null>(null);
  const shown = useRef(state);
  shown.current = state;
  useEffect(() => {
    if (size === null) return;
    const before = seenSize.current;
    seenSize.current = size;
    const was = shown.current;
    if (before === null || size <= before || !was) return;
    const mine = ++latest.current;
    void (async () => {
      for (const delay of [0, ...watchSettleDelaysMs]) {
        if (delay) await pause(delay);
        if (mine !== latest.current) return;
        let answer: WatchState;
        try {
          answer = await watchApi.read(issueId);
        } catch (failure) {
          console.warn('Could not read the watch state', failure);
          return;
        }
        if (mine !== latest.current) return;
        setState(answer);
        if (!sameState(answer, was)) return;
      }
    })();
  }, [size, issueId]);

  /** Watches or unwatches; throws the server's refusal, once the state is put back. */
  async function change(watching: boolean): Promise<void> {
    const before = shown.current;
    if (!before) return;
    const mine = ++latest.current;
    setState({ watching, watcherCount: Math.max(0, before.watcherCount + (watching ? 1 : -1)) });
    try {
      const answer = await (watching ? watchApi.watch(issueId) : watchApi.unwatch(issueId));
      if (mine === latest.current) setState(answer);
    } catch (failure) {
      if (mine === latest.current) setState(before);
      throw failure;
    }
  }

  return { state, change };
}
