/**
 * An unsaved edit kept in this browser (localStorage) until it is saved or discarded, so closing
 * the dialog or the tab loses nothing. It keeps where the edit began too: restored later, a save
 * still meets any change made since (409) instead of overwriting it.
 */
export type KeptDraft = { text: string; version: number; base: string };
/** A comment being written, kept alike: its text and what the box began with ('' for a new comment or a reply). */
export type KeptText = { text: string; base: string };

const PREFIX = 'trackboard.draft:';

/** Which comment box a draft is of: the new comment, a reply to a comment, or an edit of one's own. */
export type CommentBox = { kind: 'new' } | { kind: 'reply' | 'edit'; commentId: string };

// Every draft a person keeps of an issue is under one prefix, `<userId>:issue:<issueId>:`: the
// board tells which issues hold someone's unsent words without knowing every box there is.
const personPrefix = (userId: string) => `${userId}:issue:`;
const issuePrefix = (userId: string, issueId: string) => `${personPrefix(userId)}${issueId}:`;

/** Where each draft is kept: the one rule for the keys. */
export const draftKeys = {
  description: (userId: string, issueId: string) => `${issuePrefix(userId, issueId)}description`,
  comment: (userId: string, issueId: string, box: CommentBox) =>
    `${issuePrefix(userId, issueId)}comment:${box.kind === 'new' ? 'new' : `${box.kind}:${box.commentId}`}`,
};

const isText = (value: unknown): value is KeptText =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as KeptText).text === 'string' &&
  typeof (value as KeptText).base === 'string';

const isDraft = (value: unknown): value is KeptDraft =>
  isText(value) && typeof (value as KeptDraft).version === 'number';

function readKept<T>(key: string, is: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(PREFIX + key) ?? 'null');
    return is(value) ? value : null;
  } catch {
    return null;
  }
}

const isKept = (key: string) => {
  try {
    return window.localStorage.getItem(PREFIX + key) !== null;
  } catch {
    return false;
  }
};

// Who is told when a draft comes or goes (the cards' draft marks), here or in another tab; and,
// worked out once per change, which issues a person keeps drafts of (every card asks on every
// draw). Storage changed behind the store's back (cleared, say) shows in its length.
const listeners = new Set<() => void>();
let issuesWithDrafts: { userId: string; length: number; issueIds: ReadonlySet<string> } | null = null;
const changed = () => {
  issuesWithDrafts = null;
  for (const listener of listeners) listener();
};
const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key.startsWith(PREFIX)) changed();
};

const storedCount = () => {
  try {
    return window.localStorage.length;
  } catch {
    return 0;
  }
};

/** The keys of the drafts kept under `start` (a key's first part), `start` cut off. */
function keptUnder(start: string): string[] {
  const rests: string[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(PREFIX + start)) rests.push(key.slice(PREFIX.length + start.length));
    }
  } catch {
    // no storage: no drafts
  }
  return rests;
}

const findIssuesWithDrafts = (userId: string): ReadonlySet<string> =>
  new Set(keptUnder(personPrefix(userId)).map((rest) => rest.split(':')[0]!));

// Storage can be full, switched off or hold anything: a draft that cannot be kept or read is simply not kept.
export const draftStore = {
  read: (key: string): KeptDraft | null => readKept(key, isDraft),
  /** A comment's draft (no version: a comment is not edited by two people). */
  readText: (key: string): KeptText | null => readKept(key, isText),
  write(key: string, draft: KeptDraft | KeptText): void {
    const had = isKept(key);
    try {
      window.localStorage.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // not kept
    }
    if (!had) changed();
  },
  drop(key: string): void {
    if (!isKept(key)) return;
    try {
      window.localStorage.removeItem(PREFIX + key);
    } catch {
      // nothing to drop
    }
    changed();
  },
  /** Drops the reply and edit drafts of `userId` on `issueId` whose comment is not among `commentIds` (deleted since). */
  dropCommentDraftsExcept(userId: string, issueId: string, commentIds: ReadonlySet<string>): void {
    const start = `${issuePrefix(userId, issueId)}comment:`;
    for (const rest of keptUnder(start)) {
      const [kind, commentId] = rest.split(':');
      if (kind !== 'new' && commentId && !commentIds.has(commentId)) draftStore.drop(start + rest);
    }
  },
  /** Whether `userId` keeps any draft of `issueId` here (the description, a comment, a reply, an edit). */
  hasDraftOf(userId: string, issueId: string): boolean {
    const length = storedCount();
    if (issuesWithDrafts?.userId !== userId || issuesWithDrafts.length !== length)
      issuesWithDrafts = { userId, length, issueIds: findIssuesWithDrafts(userId) };
    return issuesWithDrafts.issueIds.has(issueId);
  },
  /** Calls `listener` whenever a draft comes or goes, in this tab or another. */
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },
};
