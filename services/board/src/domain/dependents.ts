import { finishedStatuses, type IssueDto } from '@trackboard/contracts';
import { NotFound, type Db } from '@trackboard/server-kit';
import type { BoardWrites } from './board-writes';
import { dependentIssueDtos, issueDtosOf } from './issue-dto';

export const isFinished = (status: string) => (finishedStatuses as readonly string[]).includes(status);

/**
 * Cards that show something of another issue's state — a parent its sub-issues done, a blocked
 * issue its mark — change when that issue is finished, opened again, deleted or restored, and
 * when the link itself changes. Those on the write's own board go out with the write. Each other
 * board's room hears its own in a write of that board made after the first committed, so no
 * request ever holds two boards' locks (two writes linking across boards the other way round
 * would deadlock).
 */
export function createDependents(db: Db, { withBoardWrite }: BoardWrites) {
  /** Each other board's room hears its issues as they are under its lock, at a new version. */
  async function announceElsewhere(homeBoardId: number, issues: IssueDto[]): Promise<void> {
    const byBoard = new Map<string, number[]>();
    for (const issue of issues)
      if (issue.boardId !== String(homeBoardId))
        byBoard.set(issue.boardId, [...(byBoard.get(issue.boardId) ?? []), Number(issue.id)]);
    for (const [boardId, ids] of byBoard) {
      await withBoardWrite(
        { id: Number(boardId) },
        undefined,
        async (tx) => ({ result: undefined, changed: (await issueDtosOf(tx, ids)).filter((i) => i.columnId !== null) }),
        // The cards only follow a change already made; an archived project's board shows it too.
        { evenIfArchived: true },
      ).catch((error: unknown) => {
        // The board went meanwhile: nobody is left to tell.
        if (!(error instanceof NotFound)) throw error;
      });
    }
  }

  return {
    announceElsewhere,
    /**
     * `issue`'s dependents, when its state as they show it changed (`before` → `after` finished,
     * or it left or came back): those on `homeBoardId`, for the write's own announcement. The
     * others are announced once the write has committed — call `later` then.
     */
    async of(tx: Db, homeBoardId: number, issue: { id: string | number; parentId: string | number | null }) {
      const all = await dependentIssueDtos(tx, issue);
      return {
        here: all.filter((dto) => dto.boardId === String(homeBoardId)),
        later: () => announceElsewhere(homeBoardId, all),
      };
    },
  };
}
export type Dependents = ReturnType<typeof createDependents>;
