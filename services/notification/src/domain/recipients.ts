import { NOTIFICATION_KINDS, type NotificationKind } from '@trackboard/contracts';

/**
 * Who an event concerns, rule by rule, before "one per person" is applied. Ids are decimal
 * strings, as events carry them; `mentioned` are already limited to the project's members.
 */
export type Concerned = {
  actorId: string;
  /** The new assignee ("assigned"). */
  assignee?: string | null;
  /** Members mentioned in the text the change added ("mentioned"). */
  mentioned?: readonly string[];
  /** The author of the comment replied to ("reply"). */
  repliedTo?: string | null;
  /** The watchers, told as `watcherKind` ("comment" on a comment, "status" on a status change). */
  watchers?: readonly string[];
  watcherKind?: 'comment' | 'status' | null;
  /** Someone added to a project ("added_to_project"). */
  added?: string | null;
};

/** The contracts list the kinds from the most specific to the least: a person gets the first that applies. */
const rank = (kind: NotificationKind) => NOTIFICATION_KINDS.indexOf(kind);

/** The more specific of two kinds (one change concerning a person in two ways is told as the first). */
export const moreSpecific = (a: NotificationKind, b: NotificationKind) => (rank(b) < rank(a) ? b : a);

/**
 * One kind per person: the most specific rule that applies to them (assigned > mentioned >
 * reply > comment/status > added_to_project), and never the actor, about their own change.
 */
export function recipientsOf(concerned: Concerned): Map<string, NotificationKind> {
  const chosen = new Map<string, NotificationKind>();
  const tell = (userId: string | null | undefined, kind: NotificationKind) => {
    if (!userId || userId === concerned.actorId) return;
    const before = chosen.get(userId);
    chosen.set(userId, before === undefined ? kind : moreSpecific(before, kind));
  };
  tell(concerned.assignee, 'assigned');
  for (const userId of concerned.mentioned ?? []) tell(userId, 'mentioned');
  tell(concerned.repliedTo, 'reply');
  if (concerned.watcherKind) for (const userId of concerned.watchers ?? []) tell(userId, concerned.watcherKind);
  tell(concerned.added, 'added_to_project');
  return chosen;
}
