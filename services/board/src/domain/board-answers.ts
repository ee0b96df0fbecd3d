import type { BoardDto, BoardUpdatedEvent, IssueDto } from '@trackboard/contracts';
import { preparedBytes, type PreparedJson } from '@trackboard/server-kit';

/**
 * Issues' worth of boards a replica keeps, over all boards (a 5,000-issue board is 3.2 MB of card
 * JSON, plus its assembled answer and encodings): four such boards. The least recently fetched goes first.
 */
const REMEMBERED_ISSUES = 20_000;
/** Changes heard ahead of one not yet heard (another replica's, out of order): past this many, the board is read again. */
const MAX_AHEAD = 100;

export type BoardSource = {
  /** The board's version as the fetch's access check read it. */
  version: number;
  /** What the cards' owner names were read under (the team): a different key reads the issues again. */
  teamKey: string;
  /** Every issue on the board, read now. */
  issues(): Promise<IssueDto[]>;
  /** The board around its issues (name, columns with no issues, labels, team) as of now, saying `version`. */
  frame(version: number): Promise<BoardDto>;
};

/** A card's JSON either side of its position, which a change elsewhere in its column moves. */
type Card = { id: string; columnId: string; rank: string; assigneeId: string | null; head: Buffer; tail: Buffer };

type Held = {
  /** The board version its cards are as of: at least (the read may have seen a later change, which then applies again). */
  version: number;
  teamKey: string;
  cards: Map<string, Card>;
  /** Each column's cards in (rank, id) order, the order a board fetch reads. */
  columns: Map<string, Card[]>;
  /** Changes heard out of order, by version, until the one before them arrives. */
  ahead: Map<number, BoardUpdatedEvent>;
  assembled?: { version: number; answer: PreparedJson };
};

/** What a board takes of the capacity: an empty board still takes room. */
const weightOf = (board: Held) => board.cards.size + 1;

const POSITION = '"position":0,';
const byteCache: Buffer[] = [];
const digits = (n: number) => (byteCache[n] ??= Buffer.from(String(n)));

function cardOf(issue: IssueDto): Card {
  const json = JSON.stringify({ ...issue, position: 0 });
  // A string value holding the marker would have its quotes escaped: the first match is the key.
  const at = json.indexOf(POSITION);
  if (at < 0) throw new Error(`issue ${issue.id} has no position between its fields`);
  return {
    id: issue.id,
    columnId: issue.columnId!,
    rank: issue.rank,
    assigneeId: issue.assigneeId,
    head: ownBytes(json.slice(0, at + POSITION.length - 2)),
    tail: ownBytes(json.slice(at + POSITION.length - 1)),
  };
}

/**
 * Bytes of their own rather than a slice of Node's shared 8 KB pool: cards live long and are
 * replaced one by one, and each would keep its whole pool slab alive.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

// The board fetch's order: rank (COLLATE "C": bytes, as JavaScript compares ASCII), then id as a number.
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
const compareCards = (a: Pick<Card, 'rank' | 'id'>, b: Pick<Card, 'rank' | 'id'>) =>
  a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : compareIds(a.id, b.id);

/** Where `card` is, or would go, in a column in card order. */
function indexIn(column: Card[], card: Card): number {
  let low = 0;
  let high = column.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCards(column[middle]!, card) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Board fetch answers, remembered per board and kept up to date by the board's changes. Reading,
 * serializing and compressing 5,000 issues was nearly all of a board fetch, so a replica keeps
 * each card's JSON and applies every change to the board as the board room hears it — its own
 * and, over Redis, every other replica's (the same deltas the clients apply) — and the next
 * fetch only assembles the cards and reads the board around them (columns, labels). Cards are
 * read again when a change is missing (a version gap: a write announced nowhere, a message lost
 * while Redis was away), when columns changed, and when the team's names changed (the key).
 */
export function createBoardAnswers(capacity = REMEMBERED_ISSUES) {
  const held = new Map<number, Held>();
  /** Changes heard while a board's issues are being read, applied once they are. */
  const reading = new Map<number, BoardUpdatedEvent[]>();
  const forget = (boardId: number) => void held.delete(boardId);

  /** The least recently fetched boards go until what is held fits. */
  function makeRoom() {
    let total = 0;
    for (const board of held.values()) total += weightOf(board);
    for (const [boardId, board] of held) {
      if (total <= capacity) break;
      total -= weightOf(board);
      held.delete(boardId);
    }
  }

  function remove(board: Held, id: string) {
    const card = board.cards.get(id);
    if (!card) return;
    board.cards.delete(id);
    const column = board.columns.get(card.columnId)!;
    column.splice(indexIn(column, card), 1);
  }

  function put(board: Held, card: Card) {
    board.cards.set(card.id, card);
    let column = board.columns.get(card.columnId);
    if (!column) board.columns.set(card.columnId, (column = []));
    column.splice(indexIn(column, card), 0, card);
  }

  function fill(board: Held, issues: IssueDto[]) {
    for (const issue of issues) if (issue.columnId !== null) put(board, cardOf(issue));
  }

  /** One change, the next after the board's version. False: the board must be read again. */
  function apply(boardId: number, board: Held, event: BoardUpdatedEvent<IssueDto>): boolean {
    if (event.columnsChanged) return false;
    if (event.complete) {
      board.cards.clear();
      board.columns.clear();
      fill(board, event.issues);
    } else {
      for (const id of event.removedIssueIds ?? []) remove(board, id);
      for (const issue of event.issues) {
        remove(board, issue.id);
        // A deleted issue has left its column; one moved to another board has left this one.
        if (issue.columnId !== null && issue.boardId === String(boardId)) put(board, cardOf(issue));
      }
    }
    board.version = event.version;
    return true;
  }

  /**
   * Changes heard: the next one is applied with any heard ahead of it that now follow on. One the
   * cards cannot take (not an issue list) makes the board be read again, as a column change does.
   */
  function catchUp(boardId: number, board: Held) {
    for (let next = board.ahead.get(board.version + 1); next; next = board.ahead.get(board.version + 1)) {
      board.ahead.delete(next.version);
      let applied = false;
      try {
        applied = apply(boardId, board, next as BoardUpdatedEvent<IssueDto>);
      } catch {
        // forgotten below: the change still reaches its room (its caller announces it next)
      }
      if (!applied) return forget(boardId);
    }
    for (const version of board.ahead.keys()) if (version <= board.version) board.ahead.delete(version);
    if (board.ahead.size > MAX_AHEAD) forget(boardId);
  }

  function heard(event: BoardUpdatedEvent) {
    const boardId = Number(event.boardId);
    reading.get(boardId)?.push(event);
    const board = held.get(boardId);
    if (!board || event.version <= board.version) return;
    // Columns changed (or the board went): no card is worth keeping past it, in order or not.
    if (event.columnsChanged) return forget(boardId);
    board.ahead.set(event.version, event);
    catchUp(boardId, board);
  }

  async function read(boardId: number, source: BoardSource): Promise<Held> {
    const during: BoardUpdatedEvent[] = [];
    reading.set(boardId, during);
    let issues: IssueDto[];
    try {
      issues = await source.issues();
    } finally {
      if (reading.get(boardId) === during) reading.delete(boardId);
    }
    const board: Held = {
      version: source.version,
      teamKey: source.teamKey,
      cards: new Map(),
      columns: new Map(),
      ahead: new Map(),
    };
    fill(board, issues);
    forget(boardId);
    if (weightOf(board) > capacity) return board;
    held.set(boardId, board);
    makeRoom();
    for (const event of during) board.ahead.set(event.version, event);
    catchUp(boardId, board);
    return board;
  }

  /** The answer: `frame` with every column's cards, at their positions. */
  function assemble(board: Held, frame: BoardDto): PreparedJson {
    const { columns, ...rest } = frame;
    const parts: Buffer[] = [Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"columns":[`)];
    columns.forEach((column, c) => {
      const open = JSON.stringify({ ...column, issues: [] });
      parts.push(Buffer.from(`${c ? ',' : ''}${open.slice(0, -2)}`));
      (board.columns.get(column.id) ?? []).forEach((card, position) => {
        parts.push(position ? COMMA : EMPTY, card.head, digits(position), card.tail);
      });
      parts.push(CLOSE); // the column's issues and the column
    });
    parts.push(CLOSE); // the columns and the board
    const bytes = Buffer.concat(parts);
    return preparedBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>);
  }

  return {
    heard,

    /** The board's answer: remembered, assembled from its kept cards, or read. */
    async answer(boardId: number, source: BoardSource): Promise<PreparedJson> {
      let board = held.get(boardId);
      if (board) {
        held.delete(boardId); // to the back of the queue: fetched most recently
        held.set(boardId, board);
      }
      if (!board || board.teamKey !== source.teamKey || board.version < source.version)
        board = await read(boardId, source);
      // Changes applied while the frame is read make the cards newer than `version`: they apply
      // again on the clients, unlike a frame older than the version it says.
      const version = board.version;
      if (board.assembled?.version === version) return board.assembled.answer;
      const frame = await source.frame(version);
      const answer = assemble(board, frame);
      // A card assigned to someone outside the team has a name the team's key does not cover.
      const team = new Set(frame.users.map((user) => user.id));
      if (![...board.cards.values()].every((card) => card.assigneeId === null || team.has(card.assigneeId)))
        forget(boardId);
      else if (held.get(boardId) === board) {
        board.assembled = { version, answer };
        makeRoom(); // changes since the read may have added cards
      }
      return answer;
    },
  };
}

const COMMA = Buffer.from(',');
const EMPTY = Buffer.alloc(0);
const CLOSE = Buffer.from(']}');
