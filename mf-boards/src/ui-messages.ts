import { messages } from '@trackboard/contracts';

/** "5,000": made once (toLocaleString builds a formatter on every call; the filter's count changes per keystroke). */
const counts = new Intl.NumberFormat('en');

// What the board screens say (spec §2.11–§2.13, §4.7–§4.9, §5, §8.4), word for word. The
// server's answers are shown as the server sent them; these are the screen's own words and
// the defaults for when the server says nothing. Where the server says the same, the wording
// comes from its catalogue so the two never drift.
export const uiMessages = {
  // Board view, /boards/{boardId}
  loadingBoard: 'Loading board...',
  boardNotFound: 'Board Not Found',
  noBoardData: (boardId: string | undefined) => `No board data found for ID (${boardId})`,
  noColumns: 'No columns found. Configure columns or check board data.',
  unexpectedError: 'An unexpected error occurred. Check console for details.',
  emptyColumn: 'Empty column',
  // The first step of the breadcrumb over the board
  projectsCrumb: 'Projects',
  noTitle: 'No Title',

  // The keyboard on the board: a card's instructions (its description) and the skip link
  cardInstructions:
    'Press Enter to open the issue. Press Space to pick it up, the arrow keys to move it, Space or Enter to drop it and Escape to cancel. Up and Down move between the issues of a column.',
  // The same without moving, on the board of an archived project
  cardInstructionsReadOnly: 'Press Enter to open the issue. Up and Down move between the issues of a column.',
  skipToBoard: 'Skip to board',
  // The board's address (filters, view, sort, grouping) saved under a name
  saveView: 'Save view',
  // A card picked for a bulk edit (shift-click, ctrl/cmd-click or x): said after its title
  cardSelected: 'Selected.',

  // Keyboard moves: what the live region announces
  pickedUp: (title: string, column: string, n: number, m: number) =>
    `Picked up ${title}. It is in ${column}, position ${n} of ${m}. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`,
  movedTo: (column: string, n: number, m: number) => `Moved to ${column}, position ${n} of ${m}.`,
  alreadyAtTop: (title: string, column: string) => `${title} is already at the top of ${column}.`,
  alreadyAtBottom: (title: string, column: string) => `${title} is already at the bottom of ${column}.`,
  noColumnFurther: (side: 'left' | 'right') => `No column further ${side}.`,
  moveCancelled: (title: string, column: string, n: number, m: number) =>
    `Cancelled. ${title} returned to ${column}, position ${n} of ${m}.`,
  moveAbandoned: (title: string) => `Cancelled. ${title} was not moved.`,
  droppedInPlace: (title: string, column: string, n: number, m: number) =>
    `Dropped ${title}. It stays in ${column}, position ${n} of ${m}.`,
  dropped: (title: string, column: string, n: number, m: number) =>
    `Dropped ${title} in ${column}, position ${n} of ${m}.`,

  // Board changes refused before they are sent
  invalidIssueId: (issueId: string) => `Invalid issueId: ${issueId}`,
  noBoardToMove: 'Board ID is missing for moveIssue operation.',
  addNeedsProject: 'Cannot add issue: Project ID not found in state.',
  addNeedsUser: 'Cannot add issue: Current user not found or missing ID.',
  addNeedsColumns: 'Cannot add issue: Columns list is not available in state.',
  addUnknownColumn: (columnId: string) => `Cannot add issue: Target column with ID ${columnId} not found.`,
  addAnswerIncomplete: 'Issue added but response from server was incomplete.',
  issueMismatch: 'Fetched issue details mismatch.',
  updateNeedsIssue: 'Cannot update issue: Issue ID is missing.',
  noChanges: messages.noChanges,
  updateAnswerIncomplete: 'Issue updated but response was incomplete.',
  commentsNeedIssue: 'issueId is required to fetch comments.',
  commentNeedsText: 'Missing issueId or text for adding comment.',
  commentAnswerIncomplete: 'Comment added but response was incomplete or missing issueId.',
  updateCommentNeedsId: 'commentId is required to update a comment.',
  deleteCommentNeedsId: 'commentId is required to delete a comment.',
  reactionNeedsComment: 'commentId is required to toggle a reaction.',

  // Defaults when a call fails and the server says nothing
  fetchBoardFailed: 'Failed to fetch board',
  moveFailed: 'Failed to move issue',
  addIssueFailed: 'Failed to add issue due to an unknown or unspecified error.',
  fetchIssueFailed: 'Failed to fetch issue details',
  /** An issue link whose key this user can't open (unknown, deleted, or in a project they are not in). */
  issueKeyNotFound: (key: string) =>
    `Issue ${key} was not found: it may have been deleted, or it is in a project you are not in.`,
  updateIssueFailed: 'Failed to update issue',
  deleteIssueFailed: 'Failed to delete issue',
  issueConflict: messages.staleIssue,
  fetchCommentsFailed: 'Failed to fetch comments',
  addCommentFailed: 'Failed to add comment',
  updateCommentFailed: 'Failed to update comment',
  deleteCommentFailed: 'Failed to delete comment',
  toggleReactionFailed: 'Failed to toggle reaction',
  tickTaskFailed: 'Failed to tick the task',

  // Undo: a toast for 10 s after a delete or a card move, its Undo button also Ctrl+Z (⌘Z)
  undo: 'Undo',
  issueDeleted: (key: string) => `Issue ${key} deleted.`,
  commentDeleted: 'Comment deleted.',
  columnDeleted: (name: string) => `Column ${name} deleted.`,
  labelDeleted: (name: string) => `Label ${name} deleted.`,
  cardMoved: (title: string, column: string) => `Moved ${title} to ${column}.`,
  /** The command palette's entry for Ctrl+Z, naming what it undoes. */
  undoCommand: (what: string) => `Undo: ${what}`,
  undoFailed: (reason: string) => `Could not undo: ${reason}`,
  undoFailedReason: 'the server did not take it',

  // No connection: shown over the board while changes cannot reach the server
  offlineBanner: "You are offline. Changes can't be saved until the connection is back.",
  // The realtime connection dropped (the server or the way to it is down): shown at once, no action needed
  reconnecting: 'Reconnecting…',
  // Card moves made meanwhile are kept, and sent in order once the server answers again
  queuedMoves: (n: number) => `${n === 1 ? '1 card move' : `${n} card moves`} waiting to be saved.`,
  queuedMoveRefused: (title: string, reason: string) => `"${title}" could not be moved: ${reason}`,

  // A lazily loaded part whose code did not arrive (or failed while drawing): only it fails, the board stays
  issueLoadFailed: 'This issue could not be opened.',
  partLoadsWhenBack: 'Part of the app did not load. It opens by itself once the connection is back.',
  partFailedToDraw: 'Something went wrong while showing it.',
  commentsLoadFailed: 'Comments could not be loaded.',
  commentsLoadWhenBack: 'They appear by themselves once the connection is back.',
  retry: 'Retry',
  close: 'Close',

  // The board as columns, a list or a calendar (/boards/{boardId}?view=list|calendar); their own words are in their chunks
  boardViews: 'View',
  viewBoard: 'Board',
  viewList: 'List',
  viewCalendar: 'Calendar',
  loadingList: 'Loading list...',
  loadingCalendar: 'Loading calendar...',

  // An archived project: over its board, which is read-only. The first sentence is
  // the server's own refusal of every write meanwhile.
  archivedBanner: messages.projectArchivedNotice,

  // Issue dialog
  loadingIssue: 'Loading issue details...',
  updateError: (reason: string) => `Error updating issue: ${reason}`,
  confirmDeleteIssue: 'Are you sure you want to delete this issue? This action cannot be undone.',
  deleteIssueTitle: 'Delete this issue?',
  noColumnsAvailable: 'No columns available.',
  noFieldValue: (field: string) => `No ${field.toLowerCase()} provided.`,

  // Two people editing one field: a change while editing, a save over it, leaving an editor, a kept draft
  someone: 'Someone',
  changedWhileEditing: (name: string) => `${name} changed this while you were editing`,
  resolveConflict: 'Resolve the conflict',
  conflictHelp: 'Saving now would overwrite their change. Keep yours, take theirs, or edit the merge and save it.',
  theirs: 'Theirs',
  yours: 'Yours',
  merge: 'Merge',
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  saveMerge: 'Save merge',
  confirmDiscard: 'Discard your changes?',
  discard: 'Discard',
  keepEditing: 'Keep editing',
  draftRestored: 'Your unsaved draft is back.',
  discardDraft: 'Discard draft',

  // Issue depth: the card face, the dialog's pickers and its history
  unassigned: 'Unassigned',
  assignToMe: 'Assign to me',
  noMatchingPeople: 'No one matches.',
  noLabels: 'No labels yet.',
  createLabel: (name: string) => `Create label "${name}"`,
  createLabelFailed: 'Failed to create label',
  linkCopied: 'Link copied',
  copyLinkFailed: 'Could not copy the link',
  loadingHistory: 'Loading history...',
  noHistory: 'No history yet.',
  fetchActivityFailed: 'Failed to load history',
  comments: (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`,
  attachments: (n: number) => `${n} ${n === 1 ? 'attachment' : 'attachments'}`,
  /** A card's checklist: its description's tasks, done of all ("2/5" on the card). */
  tasksDone: (done: number, total: number) => `${done} of ${total} ${total === 1 ? 'task' : 'tasks'} done`,
  /** A card's sub-issues: how many are finished, of all ("3/5" on the card). */
  subIssuesDone: (done: number, total: number) =>
    `${done} of ${total} ${total === 1 ? 'sub-issue' : 'sub-issues'} done`,
  /** A card blocked by an issue not finished yet. */
  blocked: 'Blocked',
  blockedByOpenIssue: 'Blocked by an open issue',
  // The card's mark for words of one's own on the issue not yet sent (a kept description or comment draft)
  unsentDraft: 'You have an unsent draft',

  // Board filter
  filterIssues: 'Filter issues',
  filterPlaceholder: 'Filter by key, title or description',
  filterFields: {
    assignee: 'Assignee',
    label: 'Labels',
    priority: 'Priority',
    type: 'Type',
    due: 'Due',
    estimate: 'Estimate',
  },
  /** A chip names one choice: "Label: bug"; a due bucket names itself ("Due this week"). */
  filterChipFields: {
    assignee: 'Assignee',
    label: 'Label',
    priority: 'Priority',
    type: 'Type',
    due: '',
    estimate: 'Estimate',
  },
  me: 'Me',
  dueBuckets: { overdue: 'Overdue', week: 'Due this week', none: 'No due date' },
  noEstimate: 'No estimate',
  noFilterChoices: 'Nothing to choose yet.',
  filterText: (text: string) => `Text: "${text}"`,
  removeFilter: (chip: string) => `Remove filter ${chip}`,
  clearFilters: 'Clear',
  showingIssues: (shown: number, total: number) =>
    `Showing ${counts.format(shown)} of ${counts.format(total)} ${total === 1 ? 'issue' : 'issues'}`,
  noMatchingIssues: 'No matching issues',
  filteredCount: (shown: number, total: number) => `${shown} of ${total} ${total === 1 ? 'issue' : 'issues'} shown`,
  /** A column's sum of the shown cards' estimates ("13 pts" beside the count). */
  estimateSum: (points: number) => `Estimated ${points} ${points === 1 ? 'point' : 'points'}`,
  /** A card's estimate as its scale shows it ("3", "M"). */
  estimateBadge: (shown: string) => `Estimate: ${shown}`,

  // Comments
  loadingComments: 'Loading comments...',
  noComments: 'No comments yet.',
  unknownUser: 'Unknown User',
  replyingTo: (author: string) => `Replying to ${author}...`,
  confirmDeleteComment: 'Are you sure you want to delete this comment? This action cannot be undone.',
  deleteCommentTitle: 'Delete this comment?',
  addReaction: 'Add reaction',

  // An issue's fields by name in their errors ("Title can be at most 300 characters.")
  issueTitleField: 'Title',
  issueDescriptionField: 'Description',
  issueRelatedCodeField: 'Related Code',
  issueInstructionsField: 'Instructions',

  // Presence: who else is on the board or in the issue, and what they edit
  presentOnBoard: 'Also on this board',
  presentInIssue: 'Also in this issue',
  morePresent: (n: number) => `${n} more`,
  isEditing: (name: string, field: string) => `${name} is editing ${field}`,
  editedFields: {
    title: 'the title',
    description: 'the description',
    relatedCode: 'the related code',
    links: 'the links',
    instructions: 'the instructions',
  },

  // Dates
  notAvailable: 'N/A',
  invalidDate: 'Invalid Date',
} as const;
