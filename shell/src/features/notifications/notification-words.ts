import { issueStatuses, type NotificationDto, type NotificationKind } from '@trackboard/contracts';
import { statusLabel } from '@trackboard/web-kit/issue-names';
import { uiMessages } from '../../ui-messages';

/** The statuses the board's columns name; another is shown as the excerpt has it. */
const namedStatuses: ReadonlySet<string> = new Set(issueStatuses);

/** A status change's excerpt ("TODO → DONE", or just the new one): the new status, in words. */
function newStatusOf(excerpt: string): string {
  const status = excerpt.split('→').pop()!.trim();
  return namedStatuses.has(status) ? statusLabel(status) : status;
}

// What each kind of notification says: the actor's name, then these words.
const verbs: Record<NotificationKind, (excerpt: string) => string> = {
  assigned: () => uiMessages.notifiedAssigned,
  mentioned: () => uiMessages.notifiedMentioned,
  reply: () => uiMessages.notifiedReply,
  comment: () => uiMessages.notifiedComment,
  status: (excerpt) => (excerpt ? uiMessages.notifiedStatusTo(newStatusOf(excerpt)) : uiMessages.notifiedStatus),
  added_to_project: () => uiMessages.notifiedAddedToProject,
};

/** "assigned you", "moved it to Done", …: what happened, after the actor's name. */
export const whatHappened = (notification: Pick<NotificationDto, 'kind' | 'excerpt'>) =>
  (verbs[notification.kind] ?? (() => uiMessages.notifiedUpdated))(notification.excerpt.trim());

/** The kinds whose excerpt is a piece of text worth quoting under the line (a status is in the line already). */
export const quotesExcerpt = (kind: NotificationKind) => kind === 'mentioned' || kind === 'reply' || kind === 'comment';

/** One sentence for the whole notification: "Grace Hopper assigned you: WEB-12 Fix the login". */
export function notificationSentence(notification: NotificationDto): string {
  const subject = notification.issueKey ? `${notification.issueKey} ${notification.title}` : notification.title;
  return `${notification.actor.name} ${whatHappened(notification)}: ${subject}`;
}

/** Where a notification leads, as a plain link (the panel resolves an issue's board first). */
export const notificationHref = (notification: Pick<NotificationDto, 'issueKey' | 'projectKey'>) =>
  notification.issueKey
    ? `/issues/${encodeURIComponent(notification.issueKey)}`
    : `/projects/${encodeURIComponent(notification.projectKey)}`;

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread" (the count as the bell shows it). */
export const bellName = (shownCount: string | null) =>
  shownCount ? uiMessages.notificationsUnread(shownCount) : uiMessages.notifications;
