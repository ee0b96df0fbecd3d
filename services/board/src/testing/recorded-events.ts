import type { BoardUpdatedEvent, CommentChangedEvent, IssueDto, LabelDto } from '@trackboard/contracts';
import type { TestPlatform } from '@trackboard/test-platform';

/** What the board rooms of the platform's board service are told, in order (their sockets aside). */
export function recordEvents(t: TestPlatform) {
  const boardUpdates: BoardUpdatedEvent<IssueDto, LabelDto>[] = [];
  const commentChanges: CommentChangedEvent[] = [];
  const { realtime } = t.platform;
  jest
    .spyOn(realtime, 'emitBoardUpdated')
    .mockImplementation((e) => void boardUpdates.push(e as BoardUpdatedEvent<IssueDto, LabelDto>));
  jest.spyOn(realtime, 'emitCommentChanged').mockImplementation((e) => void commentChanges.push(e));
  return {
    boardUpdates,
    commentChanges,
    /** The board_updated events of one board. */
    of: (boardId: string) => boardUpdates.filter((e) => e.boardId === boardId),
  };
}
