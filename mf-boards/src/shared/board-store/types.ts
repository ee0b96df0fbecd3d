import type {
  BoardDto,
  BoardUpdatedEvent,
  BoardUser,
  CommentChangedEvent,
  CommentDto,
  IssueDto,
  IssueFieldChanges,
  LabelColor,
  LabelDto,
  ProjectDto,
  ReactionType,
} from '@trackboard/contracts';
import type { StateCreator } from 'zustand';
import type { ColumnUpdate } from './api';
import type { BoardColumn, ChangeAnswer, ColumnMeta, MoveRequest } from './board-model';
import type { EditField, EditStart } from './edit-start';
import type { Place } from './latest-only';

// The board store's shape: each slice's state and actions, and the whole they make. The slices
// import it and it imports no slice, so the store's types depend one way only.

/** What an edit came to: saved, refused by a newer version (409), or failed. */
export type EditOutcome = 'saved' | 'conflict' | 'failed';

/** A change to the open issue; without `startedFrom` it began from the copy shown now (a picker's choice). */
export type UpdateIssue = (changes: IssueFieldChanges, startedFrom?: EditStart) => Promise<EditOutcome>;

export type BoardMeta = Pick<
  BoardDto,
  'id' | 'name' | 'projectId' | 'projectKey' | 'leadId' | 'viewerIds' | 'viewersMayComment' | 'estimateScale'
>;

export interface BoardData {
  board: BoardMeta | null;
  /** The board version the local issues reflect (blueprint §3): realtime deltas must follow it. */
  version: number;
  columnMeta: ColumnMeta[];
  columns: BoardColumn[];
  issues: IssueDto[];
  users: BoardUser[];
  /** The board's labels, by name. */
  labels: LabelDto[];
  loading: boolean;
  /** The board id the last finished fetch was for (before that, the view shows it loading). */
  loadedBoardId: string | null;
  /** A string normally; the view has a fallback for anything else. */
  error: unknown;
}

/** The board itself: loading it, keeping it in step with realtime events. */
export interface BoardSlice extends BoardData {
  fetchBoard(boardId: string, options?: { keepError?: boolean }): Promise<void>;
  /** The shown board again, keeping the error on screen: after a failed change or a missed event. */
  refreshBoard(): void;
  /** Leaving the board view: forget the board. */
  reset(): void;
  receiveBoardUpdate(event: BoardUpdatedEvent): void;
  /** The server's answer to this page's own change, applied as a delta (a version gap refetches). */
  applyOwnChange(answer: ChangeAnswer): void;
  /** A new label on the shown board: the label, or the reason it was refused. */
  createLabel(name: string, color: LabelColor): Promise<LabelDto | { error: string }>;
  dismissError(): void;
}

/** A card move that could not reach the server: kept, in order, until it answers again. */
export interface QueuedMove {
  boardId: string;
  issueId: string;
  /** The card's title when it was moved, for the message should the server refuse the move. */
  title: string;
  sourceColumnId: string;
  to: Place;
  /** Where the card stood before this move: where it goes back should the server refuse it. */
  from?: Place;
}

/**
 * Card moves made offline (or that got no answer): the card stays where it was dropped, and the
 * move is kept instead of refused. Once the server answers again they are sent in the order
 * they were made, one at a time, and the board is fetched again; one the server refuses is
 * undone on screen, with its reason in the error box. Other changes are not kept: they need
 * their answer at once (a new issue's key, an edit's version).
 */
export interface MoveQueue {
  /** Oldest first. */
  queuedMoves: QueuedMove[];
  /** Keeps `move` behind the ones already kept. */
  queueMove(move: QueuedMove): void;
  /**
   * Sends the kept moves in order; one call at a time however often it is asked. Stops, keeping
   * the rest, at one that gets no answer again. Resolves true when the server answered any (the
   * board has then been fetched again).
   */
  sendQueuedMoves(): Promise<boolean>;
  /** Leaving the board: its kept moves go with it. */
  dropQueuedMoves(): void;
}

export interface NewIssue {
  columnId: string;
  title: string;
  description?: string;
}

/**
 * Cards on the board: moved at once, then settled by the server — or, out of reach,
 * kept until it answers again (offline-writes); added to a column.
 */
export interface CardSlice extends MoveQueue {
  /** Resolves once the server settled it, or at once when it is kept for later (`queuedMoves`). */
  moveIssue(move: MoveRequest): Promise<void>;
  /** Resolves true once the issue exists. */
  addIssue(issue: NewIssue): Promise<boolean>;
  /** Leaving the board: the answers to moves under way no longer count. */
  dropMovesUnderWay(): void;
}

/** Something the board says politely (the live region under the columns); `seq` tells a repeat from the last one. */
export interface ColumnNotice {
  text: string;
  seq: number;
}

/**
 * Arranging the board's columns: add, rename, set a WIP limit, move, delete. The lead
 * or an admin only (the server checks; the controls are not drawn for others). A change that the
 * server took is followed by a fetch of the board: a rename or a delete changes issues' statuses
 * and columns, and the board room's echo of one's own change carries no columns. Others' column
 * changes reach this page as `columnsChanged`, which refetches too (board-model's applyBoardUpdate).
 *
 * The actions answer null once done, or the reason they were refused (the server's words: a 400
 * names its field, "name: is too long", for the form to show at the field).
 */
export interface ColumnSlice {
  /** The latest notice for the polite live region: a column moved or deleted, a column over its WIP limit. */
  columnNotice: ColumnNotice | null;
  /** The column to flash: a card was moved into it past its WIP limit (`seq` restarts the flash). */
  wipFlash: { columnId: string; seq: number } | null;
  addColumn(name: string): Promise<string | null>;
  /** A rename and/or a new WIP limit (null: none). */
  updateColumn(columnId: string, changes: Pick<ColumnUpdate, 'name' | 'wipLimit'>): Promise<string | null>;
  /** To `position` among the board's columns (from 0): shown at once, put back if the server refuses. */
  moveColumn(columnId: string, position: number): Promise<void>;
  /** Its issues go to `targetColumnId` (needed when it has any). */
  deleteColumn(columnId: string, targetColumnId?: string): Promise<string | null>;
  /**
   * A card from `fromColumnId` went into `columnId`: past the column's WIP limit, warn. `arriving`
   * counts cards not yet drawn there (0 once the move is on screen).
   */
  warnIfOverLimit(columnId: string, fromColumnId: string | null, arriving?: number): void;
  announce(text: string): void;
}

/** The issue open in the dialog: its details and their edits. */
export interface IssueSlice {
  selectedIssueId: string | null;
  selectedIssue: IssueDto | null;
  loadingSelectedIssue: boolean;
  issueUpdateError: string | null;
  /** The 409 message, shown with the fresh values. */
  issueConflict: string | null;
  /** Who (by name) last changed each field of the open issue while it was open, as the board room told. */
  fieldChangedBy: Partial<Record<EditField, string>>;
  /** Opens the dialog: the details and the comments load side by side. */
  selectIssue(issueId: string): Promise<void>;
  clearSelection(): void;
  /** `startedFrom`: where the edit began (by default the copy shown now); 'conflict' when a field it sets changed since. */
  updateIssue(issueId: string, changes: IssueFieldChanges, startedFrom?: EditStart): Promise<EditOutcome>;
  /**
   * Ticks (or unticks) the `index`-th task of the issue's description, which read `text`: `shown`
   * (the issue as the tick makes it) at once, undone with a toast if refused; a task that moved
   * meanwhile shows the issue as it is now.
   */
  tickTask(
    issueId: string,
    tick: { index: number; text: string; checked: boolean },
    shown: IssueDto | null,
  ): Promise<void>;
  /** Someone else's change reached the board: note who changed which fields of the open issue. */
  noteOthersChange(event: BoardUpdatedEvent): void;
  deleteIssue(issueId: string): Promise<void>;
}

/**
 * The selected issue's comment tree, kept across board updates. An
 * answer for an issue that is no longer selected changes nothing.
 */
export interface CommentsSlice {
  comments: CommentDto[];
  loadingComments: boolean;
  commentError: string | null;
  fetchComments(issueId: string): Promise<void>;
  addComment(issueId: string, text: string, parentCommentId?: string | null): Promise<boolean>;
  updateComment(issueId: string, commentId: string, text: string): Promise<boolean>;
  deleteComment(issueId: string, commentId: string): Promise<void>;
  toggleReaction(issueId: string, commentId: string, type: ReactionType): Promise<void>;
  /** Someone changed a comment: the open dialog of that issue reloads its comments. */
  receiveCommentChange(event: CommentChangedEvent): void;
  /** The selected issue's comments again, quietly (no "Loading comments..."): after an event or a reconnect. */
  refreshComments(): Promise<void>;
}

/**
 * The connection as the board sees it. Offline while the browser says so or a call
 * got no answer; the realtime connection down once it dropped, until it is back (the board then
 * misses the others' changes). Either way the board stays as it is under a banner (a card move
 * is kept for later, another change is undone on screen, a failed refetch keeps what is shown);
 * back, its kept moves are sent and it is fetched again once.
 */
export interface ConnectionSlice {
  offline: boolean;
  /** The browser says it has no network: the banner says "offline" rather than "Reconnecting…". */
  browserOffline: boolean;
  /** The realtime connection dropped and is not back yet. */
  realtimeDown: boolean;
  /** A call that got no answer (or the browser's `offline` event). */
  wentOffline(): void;
  /** An answer came: whatever made us think we were offline is over, and kept moves can go. */
  answered(): void;
  /** The browser's word on its network: `online`/`offline` events and navigator.onLine. */
  networkChanged(online: boolean): void;
  /** The realtime connection dropped (false) or connected again (true). */
  realtimeChanged(live: boolean): void;
  /** Leaving the board: what it knew of the connection goes (the next board view asks again). */
  forgetConnection(): void;
  /**
   * The browser's `online` event or the socket's reconnect: the banner goes, the moves kept
   * meanwhile are sent, and the board (and the open issue's comments, or the open issue itself
   * if it never arrived) are fetched again, since changes may have been missed. Both usually come together: while one catch-up is under way,
   * another joins it instead of fetching again. `keepBanner`: a retry while still thought
   * offline, whose answer (if one comes) takes the banner away.
   */
  catchUp(boardId: string, options?: { keepBanner?: boolean }): Promise<void>;
}

/** What the board knows of its project: the breadcrumb's name, and whether it is archived. */
export type BoardProject = Pick<ProjectDto, 'key' | 'name' | 'archivedAt'>;

/**
 * The shown board's project, from GET /projects/{key}: one request when the board opens (the
 * breadcrumb's), and another only when a change is refused because the project was
 * archived meanwhile, so the board turns read-only without a reload.
 */
export interface ProjectSlice {
  /** As last read; null before that, or when it cannot be read (the breadcrumb shows the key). */
  project: BoardProject | null;
  fetchProject(projectKey: string): Promise<void>;
}

/** The board state (spec §3 "Board state"): one store, its concerns in slices. */
export type BoardState = BoardSlice &
  CardSlice &
  ColumnSlice &
  IssueSlice &
  CommentsSlice &
  ConnectionSlice &
  ProjectSlice;

/** A slice reads and writes the whole store (zustand's slices pattern): the concerns touch each other. */
export type BoardSliceCreator<Slice> = StateCreator<BoardState, [], [], Slice>;
