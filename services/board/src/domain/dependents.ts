import { finishedStatuses, type IssueDto } from '@trackboard/contracts';
import { NotFound, type Db } from '@trackboard/server-kit';
import type { BoardWrites } from './board-writes';
import { dependentIssueDtos, issueDtosOf } from './issue-dto';

export const isFinished = (status: string) => (finishedStatuses as readonly string[]).includes(status);

/**
 * Cards that show something of another issue's state — a parent its sub-issues done, a blocked
 * issue its mark — change when that issue is finished, opened again, deleted or restored, and
 * when a link between them changes.
 *
 * A board room hears such cards in a write of that board of their own, made after the change
 * committed, so no request ever holds two boards' locks (two changes linking across boards the
 * other way round would deadlock). Those writes are nobody's own change: the page that made the
 * change applies them too (a page skips the echo of its own change, and a link's or a delete's
 * answer does not carry the cards). A change whose answer carries the cards on its own board (a
 * move, an edit, a restore: `of`) announces only the other boards' that way.
 */
/** An issue whose state its dependents show changed. */
type Changed = { id: string | number; parentId: string | number | null };

export function createDependents(db: Db, { withBoardWrite }: BoardWrites) {
  /** Each board's room hears its issues among `issues` as they are under its lock, at a new version. */
  async function announce(issues: IssueDto[], exceptBoardId?: number): Promise<void> {
    const byBoard = new Map<string, number[]>();
    for (const issue of issues)
      if (issue.boardId !== String(exceptBoardId))
        byBoard.set(issue.boardId, [...(byBoard.get(issue.boardId) ?? []), Number(issue.id)]);
    for (const [boardId, ids] of byBoard) {
      await withBoardWrite(
        { id: Number(boardId) },
        undefined,
        async (tx) => ({ result: undefined, changed: await issueDtosOf(tx, ids) }),
        // The cards only follow a change already made; an archived project's board shows it too.
        { evenIfArchived: true },
      ).catch((error: unknown) => {
        // The board went meanwhile: nobody is left to tell.
        if (!(error instanceof NotFound)) throw error;
      });
    }
  }

  async function ofMany(tx: Db, homeBoardId: number, changed: Changed[]) {
    const themselves = new Set(changed.map((issue) => String(issue.id)));
    const all = (await dependentIssueDtos(tx, changed)).filter((dto) => !themselves.has(dto.id));
    return {
      here: all.filter((dto) => dto.boardId === String(homeBoardId)),
      later: () => announce(all, homeBoardId),
    };
  }

  return {
    /** Every board's room hears these cards, the changed issue's own board's included. */
    announce: (issues: IssueDto[]) => announce(issues),
    /**
     * `issue`'s dependents, when its state as they show it changed: those on `homeBoardId`, for the
     * change's own answer and announcement; the others' boards hear theirs once the change has
     * committed — call `later` then.
     */
    of: (tx: Db, homeBoardId: number, issue: Changed) => ofMany(tx, homeBoardId, [issue]),
    /** `of` for several issues at once (a bulk edit): their dependents other than themselves. */
    ofMany,
    /** All the dependents of the `changed` issues, to announce once the change has committed. */
    all: (tx: Db, changed: Changed[]) => dependentIssueDtos(tx, changed),
  };
}
export type Dependents = ReturnType<typeof createDependents>;
