import type { IssueDto, IssueStatus, PresenceField } from '@trackboard/contracts';
import { currentLanguage, defineCatalogue, numberFormat, serverText } from '@trackboard/web-kit';
import english from './messages/en.json';

// What the board screens say (spec §2.11–§2.13, §4.7–§4.9, §5, §8.4), word for word in English,
// and in the reader's language: every text is read from the 'boards' catalogue when it is shown
// (messages/en.json, docs/decisions/0092-one-catalogue-per-app.md), so a language change draws
// the next screen in the new words. The server's answers are shown as the server sent them;
// these are the screen's own words and the defaults for when the server says nothing. Where the
// server says the same, the wording comes from its catalogue so the two never drift.

type Key = keyof typeof english & string;

/** A text of the board's catalogue in the page's language: `boardText('movedTo', { column, n, m })`. */
export const boardText = defineCatalogue('boards', english, { de: () => import('./messages/de.json') });

/** A record whose entries are read from the catalogue each time they are read. */
export function wordsOf<Name extends string>(keys: Record<Name, Key>): Record<Name, string> {
  const words = {} as Record<Name, string>;
  for (const [name, key] of Object.entries(keys) as [Name, Key][])
    Object.defineProperty(words, name, { get: () => boardText(key), enumerable: true });
  return words;
}

/** "5,000" in English, "5.000" in German: counts the filter changes per keystroke, so the formatter is cached. */
export const formatCount = (n: number) => numberFormat().format(n);

const t = boardText;

export const uiMessages = {
  // Board view, /boards/{boardId}
  get loadingBoard() {
    return t('loadingBoard');
  },
  get boardNotFound() {
    return t('boardNotFound');
  },
  noBoardData: (boardId: string | undefined) => t('noBoardData', { boardId: String(boardId) }),
  get noColumns() {
    return t('noColumns');
  },
  get unexpectedError() {
    return t('unexpectedError');
  },
  get errorHeading() {
    return t('errorHeading');
  },
  get dismiss() {
    return t('dismiss');
  },
  get emptyColumn() {
    return t('emptyColumn');
  },
  // The first step of the breadcrumb over the board
  get projectsCrumb() {
    return t('projectsCrumb');
  },
  get noTitle() {
    return t('noTitle');
  },
  // The command palette's entry for the board ("c"), in its group
  get createIssueCommand() {
    return t('createIssueCommand');
  },
  get commandGroup() {
    return t('commandGroup');
  },

  // The keyboard on the board: a card's instructions (its description) and the skip link
  get cardInstructions() {
    return t('cardInstructions');
  },
  // The same without moving, on the board of an archived project
  get cardInstructionsReadOnly() {
    return t('cardInstructionsReadOnly');
  },
  get skipToBoard() {
    return t('skipToBoard');
  },
  // The board's address (filters, view, sort, grouping) saved under a name
  get saveView() {
    return t('saveView');
  },
  // A card picked for a bulk edit (shift-click, ctrl/cmd-click or x): said after its title
  get cardSelected() {
    return t('cardSelected');
  },
  /** What a screen reader calls a card that can be picked up. */
  get draggableIssue() {
    return t('draggableIssue');
  },
  cardLabels: (names: string) => t('cardLabels', { names }),
  assignedTo: (name: string) => t('assignedTo', { name }),

  // "+ Add Issue" at a column's foot, and its form
  get addIssue() {
    return t('addIssue');
  },
  addIssueTo: (column: string) => t('addIssueTo', { column }),
  newIssueIn: (column: string) => t('newIssueIn', { column }),
  get issueTitleLabel() {
    return t('issueTitleLabel');
  },
  get issueTitlePlaceholder() {
    return t('issueTitlePlaceholder');
  },
  get issueDescriptionLabel() {
    return t('issueDescriptionLabel');
  },
  get issueDescriptionPlaceholder() {
    return t('issueDescriptionPlaceholder');
  },
  get cancel() {
    return t('cancel');
  },
  get save() {
    return t('save');
  },
  get delete() {
    return t('delete');
  },
  get edit() {
    return t('edit');
  },
  get done() {
    return t('done');
  },

  // Keyboard moves: what the live region announces
  pickedUp: (title: string, column: string, n: number, m: number) => t('pickedUp', { title, column, n, m }),
  movedTo: (column: string, n: number, m: number) => t('movedTo', { column, n, m }),
  alreadyAtTop: (title: string, column: string) => t('alreadyAtTop', { title, column }),
  alreadyAtBottom: (title: string, column: string) => t('alreadyAtBottom', { title, column }),
  noColumnFurther: (side: 'left' | 'right') => t(side === 'left' ? 'noColumnFurtherLeft' : 'noColumnFurtherRight'),
  moveCancelled: (title: string, column: string, n: number, m: number) => t('moveCancelled', { title, column, n, m }),
  moveAbandoned: (title: string) => t('moveAbandoned', { title }),
  droppedInPlace: (title: string, column: string, n: number, m: number) => t('droppedInPlace', { title, column, n, m }),
  dropped: (title: string, column: string, n: number, m: number) => t('dropped', { title, column, n, m }),

  // Board changes refused before they are sent
  invalidIssueId: (issueId: string) => t('invalidIssueId', { issueId }),
  get noBoardToMove() {
    return t('noBoardToMove');
  },
  get addNeedsProject() {
    return t('addNeedsProject');
  },
  get addNeedsUser() {
    return t('addNeedsUser');
  },
  get addNeedsColumns() {
    return t('addNeedsColumns');
  },
  addUnknownColumn: (columnId: string) => t('addUnknownColumn', { columnId }),
  get addAnswerIncomplete() {
    return t('addAnswerIncomplete');
  },
  get issueMismatch() {
    return t('issueMismatch');
  },
  get updateNeedsIssue() {
    return t('updateNeedsIssue');
  },
  get noChanges() {
    return serverText('noChanges');
  },
  get updateAnswerIncomplete() {
    return t('updateAnswerIncomplete');
  },
  get commentsNeedIssue() {
    return t('commentsNeedIssue');
  },
  get commentNeedsText() {
    return t('commentNeedsText');
  },
  get commentAnswerIncomplete() {
    return t('commentAnswerIncomplete');
  },
  get updateCommentNeedsId() {
    return t('updateCommentNeedsId');
  },
  get deleteCommentNeedsId() {
    return t('deleteCommentNeedsId');
  },
  get reactionNeedsComment() {
    return t('reactionNeedsComment');
  },

  // Defaults when a call fails and the server says nothing
  get fetchBoardFailed() {
    return t('fetchBoardFailed');
  },
  get moveFailed() {
    return t('moveFailed');
  },
  get addIssueFailed() {
    return t('addIssueFailed');
  },
  get fetchIssueFailed() {
    return t('fetchIssueFailed');
  },
  /** An issue link whose key this user can't open (unknown, deleted, or in a project they are not in). */
  issueKeyNotFound: (key: string) => t('issueKeyNotFound', { issueKey: key }),
  get updateIssueFailed() {
    return t('updateIssueFailed');
  },
  get deleteIssueFailed() {
    return t('deleteIssueFailed');
  },
  get issueConflict() {
    return serverText('staleIssue');
  },
  get fetchCommentsFailed() {
    return t('fetchCommentsFailed');
  },
  get addCommentFailed() {
    return t('addCommentFailed');
  },
  get updateCommentFailed() {
    return t('updateCommentFailed');
  },
  get deleteCommentFailed() {
    return t('deleteCommentFailed');
  },
  get toggleReactionFailed() {
    return t('toggleReactionFailed');
  },
  get tickTaskFailed() {
    return t('tickTaskFailed');
  },

  // Undo: a toast for 10 s after a delete or a card move, its Undo button also Ctrl+Z (⌘Z)
  get undo() {
    return t('undo');
  },
  issueDeleted: (key: string) => t('issueDeleted', { name: key }),
  get commentDeleted() {
    return t('commentDeleted');
  },
  columnDeleted: (name: string) => t('columnDeleted', { name }),
  labelDeleted: (name: string) => t('labelDeleted', { name }),
  cardMoved: (title: string, column: string) => t('cardMoved', { title, column }),
  /** The command palette's entry for Ctrl+Z, naming what it undoes. */
  undoCommand: (what: string) => t('undoCommand', { what }),
  undoFailed: (reason: string) => t('undoFailed', { reason }),
  get undoFailedReason() {
    return t('serverRefused');
  },

  // No connection: shown over the board while changes cannot reach the server
  get offlineBanner() {
    return t('offlineBanner');
  },
  // The realtime connection dropped (the server or the way to it is down): shown at once, no action needed
  get reconnecting() {
    return t('reconnecting');
  },
  // Card moves made meanwhile are kept, and sent in order once the server answers again
  queuedMoves: (n: number) => t.plural('queuedMoves', n),
  queuedMoveRefused: (title: string, reason: string) => t('queuedMoveRefused', { title, reason }),

  // A lazily loaded part whose code did not arrive (or failed while drawing): only it fails, the board stays
  get issueLoadFailed() {
    return t('issueLoadFailed');
  },
  get partLoadsWhenBack() {
    return t('partLoadsWhenBack');
  },
  get partFailedToDraw() {
    return t('partFailedToDraw');
  },
  get commentsLoadFailed() {
    return t('commentsLoadFailed');
  },
  get commentsLoadWhenBack() {
    return t('commentsLoadWhenBack');
  },
  get retry() {
    return t('retry');
  },
  get close() {
    return t('close');
  },

  // The board as columns, a list or a calendar (/boards/{boardId}?view=list|calendar)
  get boardViews() {
    return t('boardViews');
  },
  get viewBoard() {
    return t('viewBoard');
  },
  get viewList() {
    return t('viewList');
  },
  get viewCalendar() {
    return t('viewCalendar');
  },
  get loadingList() {
    return t('loadingList');
  },
  get loadingCalendar() {
    return t('loadingCalendar');
  },

  // An archived project: over its board, which is read-only. The first sentence is
  // the server's own refusal of every write meanwhile.
  get archivedBanner() {
    return serverText('projectArchivedNotice');
  },
  /** Over the board and in the dialog, for one of the project's viewers. */
  viewerNotice: (mayComment: boolean) => t(mayComment ? 'viewerNoticeComments' : 'viewerNotice'),

  // Issue dialog
  get loadingIssue() {
    return t('loadingIssue');
  },
  get issueDetails() {
    return t('issueDetails');
  },
  updateError: (reason: string) => t('updateError', { reason }),
  get confirmDeleteIssue() {
    return t('confirmDeleteIssue');
  },
  get deleteIssueTitle() {
    return t('deleteIssueTitle');
  },
  get deleteIssue() {
    return t('deleteIssue');
  },
  get noColumnsAvailable() {
    return t('noColumnsAvailable');
  },
  // English says the field's name in the sentence's lower case ("No description provided."),
  // German keeps a noun's capital.
  noFieldValue: (field: string) =>
    t('noFieldValue', { field: currentLanguage() === 'en' ? field.toLowerCase() : field }),
  editField: (field: string) => t('editField', { field }),
  editTitle: (title: string) => t('editTitle', { title }),
  get copyLink() {
    return t('copyLink');
  },
  copyLinkTo: (key: string) => t('copyLinkTo', { issueKey: key }),
  get selectStatus() {
    return t('selectStatus');
  },
  get noneChoice() {
    return t('noneChoice');
  },
  get clearDueDate() {
    return t('clearDueDate');
  },
  get clearDate() {
    return t('clearDate');
  },
  get personPlaceholder() {
    return t('personPlaceholder');
  },
  get labelsPlaceholder() {
    return t('labelsPlaceholder');
  },
  /** What the labels picker announces (polite live region) once a label it created is on the issue. */
  labelCreatedAndAdded: (name: string) => t('labelCreatedAndAdded', { name }),
  get descriptionPlaceholder() {
    return t('descriptionPlaceholder');
  },
  get relatedCodePlaceholder() {
    return t('relatedCodePlaceholder');
  },
  get linksPlaceholder() {
    return t('linksPlaceholder');
  },
  get instructionsPlaceholder() {
    return t('instructionsPlaceholder');
  },
  get commentsAndHistory() {
    return t('commentsAndHistory');
  },
  get historyTab() {
    return t('historyTab');
  },
  get resizePanes() {
    return t('resizePanes');
  },
  /** An issue's fields by name, as the dialog, the list and the bulk bar label them. */
  fields: wordsOf({
    status: 'fieldStatus',
    type: 'fieldType',
    priority: 'fieldPriority',
    estimate: 'fieldEstimate',
    cycle: 'fieldCycle',
    dueDate: 'fieldDueDate',
    reporter: 'fieldReporter',
    created: 'fieldCreated',
    updated: 'fieldUpdated',
    owner: 'fieldOwner',
    assignee: 'fieldAssignee',
    labels: 'fieldLabels',
    label: 'fieldLabel',
    links: 'fieldLinks',
    key: 'fieldKey',
    parent: 'fieldParent',
  }),

  // How an issue's type, priority and status read
  typeNames: wordsOf<IssueDto['type']>({ TASK: 'typeTask', BUG: 'typeBug', STORY: 'typeStory', EPIC: 'typeEpic' }),
  priorityNames: wordsOf<IssueDto['priority']>({
    LOW: 'priorityLow',
    MEDIUM: 'priorityMedium',
    HIGH: 'priorityHigh',
    CRITICAL: 'priorityCritical',
  }),
  priorityOf: (priority: string) => t('priorityOf', { priority }),
  statusNames: wordsOf<IssueStatus>({
    TODO: 'statusTodo',
    IN_PROGRESS: 'statusInProgress',
    DONE: 'statusDone',
    BACKLOG: 'statusBacklog',
    CLOSED: 'statusClosed',
  }),

  // A due date as words, for a card's description and its tooltip
  dueOverdueOn: (when: string) => t('dueOverdueOn', { when }),
  dueSoonOn: (when: string) => t('dueSoonOn', { when }),
  dueOn: (when: string) => t('dueOn', { when }),

  // Two people editing one field: a change while editing, a save over it, leaving an editor, a kept draft
  get someone() {
    return t('someone');
  },
  changedWhileEditing: (name: string) => t('changedWhileEditing', { name }),
  get resolveConflict() {
    return t('resolveConflict');
  },
  get conflictHelp() {
    return t('conflictHelp');
  },
  get theirs() {
    return t('theirs');
  },
  get yours() {
    return t('yours');
  },
  get merge() {
    return t('merge');
  },
  get keepMine() {
    return t('keepMine');
  },
  get takeTheirs() {
    return t('takeTheirs');
  },
  get saveMerge() {
    return t('saveMerge');
  },
  get confirmDiscard() {
    return t('confirmDiscard');
  },
  get discard() {
    return t('discard');
  },
  get keepEditing() {
    return t('keepEditing');
  },
  get draftRestored() {
    return t('draftRestored');
  },
  get discardDraft() {
    return t('discardDraft');
  },

  // Issue depth: the card face, the dialog's pickers and its history
  get unassigned() {
    return t('unassigned');
  },
  get assignToMe() {
    return t('assignToMe');
  },
  get noMatchingPeople() {
    return t('noMatchingPeople');
  },
  get noLabels() {
    return t('noLabels');
  },
  createLabel: (name: string) => t('createLabel', { name }),
  get createLabelFailed() {
    return t('createLabelFailed');
  },
  get linkCopied() {
    return t('linkCopied');
  },
  get copyLinkFailed() {
    return t('copyLinkFailed');
  },
  get loadingHistory() {
    return t('loadingHistory');
  },
  get noHistory() {
    return t('noHistory');
  },
  get fetchActivityFailed() {
    return t('fetchActivityFailed');
  },
  comments: (n: number) => t.plural('comments', n),
  attachments: (n: number) => t.plural('attachments', n),
  /** A card's checklist: its description's tasks, done of all ("2/5" on the card). */
  tasksDone: (done: number, total: number) => t.plural('tasksDone', total, { done }),
  /** A card's sub-issues: how many are finished, of all ("3/5" on the card). */
  subIssuesDone: (done: number, total: number) => t.plural('subIssuesDone', total, { done }),
  /** A card blocked by an issue not finished yet. */
  get blocked() {
    return t('blocked');
  },
  get blockedByOpenIssue() {
    return t('blockedByOpenIssue');
  },
  // The card's mark for words of one's own on the issue not yet sent (a kept description or comment draft)
  get unsentDraft() {
    return t('unsentDraft');
  },
  /** "3 issues": a column's count for a screen reader. */
  issueCount: (n: number) => t.plural('issueCount', n),
  /** "1,204 issues": a group's or a lane's size. */
  issuesShown: (n: number) => t.plural('issuesShown', n),
  /** A column's sum of estimates as its header shows it ("13 pts"). */
  estimateTotal: (points: number) => t.plural('estimateTotal', points),

  // Board filter
  get filterIssues() {
    return t('filterIssues');
  },
  get filterPlaceholder() {
    return t('filterPlaceholder');
  },
  get boardFilter() {
    return t('boardFilter');
  },
  get activeFilters() {
    return t('activeFilters');
  },
  /** How many choices a filter menu has ticked, said after its name. */
  chosenCount: (n: number) => t('chosenCount', { n }),
  filterFields: wordsOf({
    assignee: 'fieldAssignee',
    label: 'fieldLabels',
    priority: 'fieldPriority',
    type: 'fieldType',
    due: 'filterFieldDue',
    estimate: 'fieldEstimate',
  }),
  /** A chip names one choice: "Label: bug"; a due bucket names itself ("Due this week"). */
  filterChipFields: {
    get assignee() {
      return t('fieldAssignee');
    },
    get label() {
      return t('fieldLabel');
    },
    get priority() {
      return t('fieldPriority');
    },
    get type() {
      return t('fieldType');
    },
    due: '',
    get estimate() {
      return t('fieldEstimate');
    },
  },
  get me() {
    return t('me');
  },
  dueBuckets: wordsOf({ overdue: 'dueOverdue', week: 'dueThisWeek', none: 'noDueDate' }),
  get noEstimate() {
    return t('noEstimate');
  },
  get noFilterChoices() {
    return t('noFilterChoices');
  },
  filterText: (text: string) => t('filterText', { text }),
  removeFilter: (chip: string) => t('removeFilter', { chip }),
  get clearFilters() {
    return t('clearFilters');
  },
  showingIssues: (shown: number, total: number) =>
    t.plural('showingIssues', total, { shown: formatCount(shown), total: formatCount(total) }),
  get noMatchingIssues() {
    return t('noMatchingIssues');
  },
  filteredCount: (shown: number, total: number) => t.plural('filteredCount', total, { shown }),
  /** A column's sum of the shown cards' estimates ("13 pts" beside the count). */
  estimateSum: (points: number) => t.plural('estimateSum', points),
  /** A card's estimate as its scale shows it ("3", "M"). */
  estimateBadge: (shown: string) => t('estimateBadge', { estimate: shown }),

  // Comments
  get loadingComments() {
    return t('loadingComments');
  },
  get noComments() {
    return t('noComments');
  },
  get unknownUser() {
    return t('unknownUser');
  },
  replyingTo: (author: string) => t('replyingTo', { author }),
  get confirmDeleteComment() {
    return t('confirmDeleteComment');
  },
  get deleteCommentTitle() {
    return t('deleteCommentTitle');
  },
  get addReaction() {
    return t('addReaction');
  },
  get commentsHeading() {
    return t('commentsHeading');
  },
  commentBy: (author: string) => t('commentBy', { author }),
  replyTo: (author: string) => t('replyTo', { author }),
  get editComment() {
    return t('editComment');
  },
  get postReply() {
    return t('postReply');
  },
  get reply() {
    return t('reply');
  },
  get newComment() {
    return t('newComment');
  },
  get commentPlaceholder() {
    return t('commentPlaceholder');
  },
  get postComment() {
    return t('postComment');
  },
  get edited() {
    return t('edited');
  },
  get reactionThumbsUp() {
    return t('reactionThumbsUp');
  },
  get reactionHeart() {
    return t('reactionHeart');
  },

  // The Markdown editor and what it shows
  get editorMode() {
    return t('editorMode');
  },
  get write() {
    return t('write');
  },
  get preview() {
    return t('preview');
  },
  get markdownHint() {
    return t('markdownHint');
  },
  get markdownHintMention() {
    return t('markdownHintMention');
  },
  get nothingToPreview() {
    return t('nothingToPreview');
  },
  get taskDone() {
    return t('taskDone');
  },
  get taskNotDone() {
    return t('taskNotDone');
  },
  /** The alt text of a pasted image while it uploads. */
  uploadingImage: (name: string) => t('uploadingImage', { name }),

  // An issue's fields by name in their errors ("Title can be at most 300 characters.")
  get issueTitleField() {
    return t('issueTitleField');
  },
  get issueDescriptionField() {
    return t('issueDescriptionField');
  },
  get issueRelatedCodeField() {
    return t('issueRelatedCodeField');
  },
  get issueInstructionsField() {
    return t('issueInstructionsField');
  },

  // Presence: who else is on the board or in the issue, and what they edit
  get presentOnBoard() {
    return t('presentOnBoard');
  },
  get presentInIssue() {
    return t('presentInIssue');
  },
  morePresent: (n: number) => t('morePresent', { n }),
  isEditing: (name: string, field: string) => t('isEditing', { name, field }),
  editedFields: wordsOf<PresenceField>({
    title: 'editedTitle',
    description: 'editedDescription',
    relatedCode: 'editedRelatedCode',
    links: 'editedLinks',
    instructions: 'editedInstructions',
  }),

  // Dates
  get notAvailable() {
    return t('notAvailable');
  },
  get invalidDate() {
    return t('invalidDate');
  },
};
