import { socketManager } from '@trackboard/web-kit';
import { useEffect } from 'react';
import { useBoardStore } from './board-store';

/**
 * Spec §2.11, §4.5: while a board is shown its realtime room is joined, and left on exit or
 * when the board changes. Its board_updated and comment_changed events go to the store; after
 * a reconnect the board and the open issue's comments are fetched again, since events may have
 * been missed meanwhile.
 */
export function useBoardRoom(boardId: string | undefined) {
  useEffect(() => {
    if (!boardId) return;
    let active = true;
    let membership: 'pending' | 'joined' | 'refused' = 'pending';
    const join = () => {
      membership = 'pending';
      return socketManager.joinBoardRoom(boardId).then((ack) => {
        if (active) membership = ack.ok ? 'joined' : 'refused';
      });
    };
    void join();
    const offUpdate = socketManager.onBoardUpdated((event) => useBoardStore.getState().receiveBoardUpdate(event));
    const offComments = socketManager.onCommentChanged((event) => {
      if (event.boardId === boardId) useBoardStore.getState().receiveCommentChange(event);
    });
    const offConnect = socketManager.onConnect(({ reconnect }) => {
      // One catch-up with the browser's `online` event when both come (use-connection-watch).
      if (reconnect) void useBoardStore.getState().catchUp(boardId);
      // A join queued before a failed first attempt was dropped with the queue: ask again.
      if (membership === 'refused') void join();
    });
    return () => {
      active = false;
      offUpdate();
      offComments();
      offConnect();
      socketManager.leaveBoardRoom(boardId);
    };
  }, [boardId]);
}
