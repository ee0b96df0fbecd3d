import { TransactionRollbackError, eq, sql } from 'drizzle-orm';
import {
  messages,
  type BoardUpdatedEvent,
  type DomainEventPayload,
  type IssueDto,
  type LabelDto,
} from '@trackboard/contracts';
import { Conflict, NotFound, type Db, type Outbox } from '@trackboard/server-kit';
import { activity, boards } from '../db/schema';
import { projectIsArchived } from './access';

export type Emit = (event: BoardUpdatedEvent) => void;
type BoardRow = typeof boards.$inferSelect;

/** A write's own answer, and what the board room must hear about it. */
export type BoardWrite<T> = {
  result: T;
  /** Issues created or changed, with their positions (a rebalance changes a whole column's keys). */
  changed?: IssueDto[];
  removedIssueIds?: number[];
  /** Columns added, renamed, reordered or removed: clients refetch the board. */
  columnsChanged?: boolean;
  /** The board's labels changed: all of them, as they now are. */
  labels?: LabelDto[];
  /** The change's domain event (issue-events.ts), recorded in its transaction; relayed after commit. */
  events?: DomainEventPayload[];
  /** Who edited an issue: the board room hears it, so a dialog open on the issue can name them. */
  actor?: BoardUpdatedEvent['actor'];
};
export type BoardWritten<T> = { result: T; version: number; issues: IssueDto[] };
/** `evenIfArchived`: a consequence of a change already made (a removed member unassigned), not a user's write. */
type WriteOptions = { evenIfArchived?: boolean };

/**
 * Changes to a board's columns and issues, each announced to the board room after it commits;
 * their domain events go into the board's outbox in the same transaction.
 */
export function createBoardWrites(db: Db, emit: Emit, outbox: Outbox) {
  const archived = projectIsArchived(db, boards.projectId);

  // The UPDATE takes the board's row lock, so concurrent changes to one board run one after
  // another and no move is lost; it also yields the board's new version, and whether its
  // project is archived (then the board is read-only), read in the same statement as the lock.
  async function bumpBoardVersion(tx: Db, boardId: number, evenIfArchived: boolean): Promise<number> {
    const [row] = await tx
      .update(boards)
      .set({ version: sql`${boards.version} + 1` })
      .where(eq(boards.id, boardId))
      .returning({ version: boards.version, archived });
    if (!row) throw new NotFound(messages.boardNotFound);
    if (row.archived && !evenIfArchived) throw new Conflict(messages.projectArchived);
    return row.version;
  }

  /** The board room hears a committed change: only the issues it changed. */
  function announce(
    boardId: number,
    version: number,
    originId: string | undefined,
    changed: IssueDto[],
    extra: Pick<BoardUpdatedEvent<IssueDto, LabelDto>, 'removedIssueIds' | 'columnsChanged' | 'labels' | 'actor'> = {},
  ): void {
    emit({ boardId: String(boardId), version, issues: changed, complete: false, originId, ...extra });
  }

  /**
   * Runs `write` in a transaction that first bumps the board's version and ends by recording
   * its events; after commit the board room hears what changed and the relay is kicked. A write
   * that returns null found nothing to do (a stale edit): its transaction is rolled back and
   * nothing is announced or recorded. A board of an archived project refuses it with 409, unless
   * it is the system's own consequence of an earlier change (`evenIfArchived`).
   */
  async function withBoardWrite<T>(
    board: Pick<BoardRow, 'id'>,
    originId: string | undefined,
    write: (tx: Db) => Promise<BoardWrite<T>>,
    options?: WriteOptions,
  ): Promise<BoardWritten<T>>;
  async function withBoardWrite<T>(
    board: Pick<BoardRow, 'id'>,
    originId: string | undefined,
    write: (tx: Db) => Promise<BoardWrite<T> | null>,
    options?: WriteOptions,
  ): Promise<BoardWritten<T> | null>;
  async function withBoardWrite<T>(
    board: Pick<BoardRow, 'id'>,
    originId: string | undefined,
    write: (tx: Db) => Promise<BoardWrite<T> | null>,
    { evenIfArchived = false }: WriteOptions = {},
  ): Promise<BoardWritten<T> | null> {
    let committed: { version: number; written: BoardWrite<T> };
    try {
      committed = await db.transaction(async (tx) => {
        const version = await bumpBoardVersion(tx, board.id, evenIfArchived);
        const written = await write(tx);
        // drizzle rolls a transaction back only by throwing (its own error, caught below).
        if (!written) return tx.rollback();
        await outbox.recordEvents(tx, written.events ?? []);
        return { version, written };
      });
    } catch (error) {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    }
    const { version, written } = committed;
    if (written.events?.length) outbox.kick();
    const changed = written.changed ?? [];
    announce(board.id, version, originId, changed, {
      ...(written.removedIssueIds && { removedIssueIds: written.removedIssueIds.map(String) }),
      ...(written.columnsChanged && { columnsChanged: true }),
      ...(written.labels && { labels: written.labels }),
      ...(written.actor && { actor: written.actor }),
    });
    return { result: written.result, version, issues: changed };
  }

  return {
    withBoardWrite,
    announce,
    /** A write made outside withBoardWrite (a move) recorded an event: the relay sends it now. */
    relayEvents: () => outbox.kick(),

    /** The board is gone: its room hears a last, complete (empty) board. */
    announceRemoved(board: BoardRow): void {
      emit({ boardId: String(board.id), version: board.version + 1, issues: [], complete: true, columnsChanged: true });
    },
  };
}
export type BoardWrites = ReturnType<typeof createBoardWrites>;

/** What a history row says beyond who did it and to which issue. */
export type HistoryEntry = Pick<typeof activity.$inferInsert, 'kind' | 'field' | 'fromValue' | 'toValue'>;

/**
 * What happened, written in the change's own transaction: the dashboards' line (`description`;
 * '' for none) and, for a change to an issue, that issue's history row.
 */
export const recordActivity = (
  tx: Db,
  board: Pick<BoardRow, 'id' | 'projectId'>,
  actorId: string | number,
  description: string,
  about?: { issueId: number } & HistoryEntry,
) =>
  tx.insert(activity).values({
    projectId: board.projectId,
    boardId: board.id,
    actorId: Number(actorId),
    description,
    ...about,
  });

/** Several history rows of one issue (no dashboard line), in one statement. */
export const recordHistory = (
  tx: Db,
  board: Pick<BoardRow, 'id' | 'projectId'>,
  actorId: string | number,
  issueId: number,
  entries: HistoryEntry[],
): Promise<void> => recordHistoryOfMany(tx, board, actorId, new Map([[issueId, entries]]));

/** The history rows of several issues (no dashboard line), in one statement. */
export async function recordHistoryOfMany(
  tx: Db,
  board: Pick<BoardRow, 'id' | 'projectId'>,
  actorId: string | number,
  entriesByIssue: Map<number, HistoryEntry[]>,
): Promise<void> {
  const rows = [...entriesByIssue].flatMap(([issueId, entries]) =>
    entries.map((entry) => ({
      projectId: board.projectId,
      boardId: board.id,
      actorId: Number(actorId),
      description: '',
      issueId,
      ...entry,
    })),
  );
  if (rows.length) await tx.insert(activity).values(rows);
}
