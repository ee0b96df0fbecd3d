import { and, eq, inArray } from 'drizzle-orm';
import {
  parseId,
  plainExcerpt,
  type DomainEvent,
  type EventOf,
  type IssueStatusChange,
  type NotificationKind,
} from '@trackboard/contracts';
import { handleOnce, memberships, type Clock, type Db, type EventHandlers, type Outbox } from '@trackboard/server-kit';
import { handledEvents, notifications, watches } from '../db/schema';
import { namesOf, toDto, unreadCounts, UNKNOWN_ACTOR } from './notifications';
import { recipientsOf, type Concerned } from './recipients';
import { settingsOf } from './settings';
import { autoWatch, watchersOf } from './watches';

/** Longest excerpt kept: the bell shows a line, the e-mail a little more. */
const EXCERPT_MAX = 200;

type IssueEvent = EventOf<'issue.created' | 'issue.assigned' | 'issue.updated' | 'issue.moved' | 'comment.created'>;

/** What a notification is about, as the event described it. */
type Subject = {
  projectId: number;
  projectKey: string;
  boardId: number | null;
  issueId: number | null;
  issueKey: string | null;
  title: string;
  actorId: number;
};

const statusText = (change: IssueStatusChange) => `${change.fromStatus} → ${change.toStatus}`;
const ids = (values: readonly (string | null | undefined)[]) =>
  values.map((v) => (v ? parseId(v) : null)).filter((v): v is number => v !== null);

/**
 * The event consumer: who is told what (recipients.ts), by each person's settings, once per
 * event (`handleOnce`: a redelivery finds the event handled and stores nothing). Each stored
 * notification records `notification.created` in the same transaction, so its push to the
 * user's sockets is relayed after commit and survives a Redis outage like any other event.
 */
export function createNotifier({ db, outbox, clock }: { db: Db; outbox: Outbox; clock: Clock }) {
  /** The mentioned users who are members of the project now (a mention of anyone else counts for nothing). */
  async function membersAmong(tx: Db, projectId: number, userIds: readonly string[]): Promise<string[]> {
    const wanted = ids(userIds);
    if (!wanted.length) return [];
    const rows = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.projectId, projectId), inArray(memberships.userId, wanted)));
    const members = new Set(rows.map((r) => String(r.userId)));
    return userIds.filter((id) => members.has(id));
  }

  /** Stores one notification per recipient whose setting for its kind is not `off`, and records their pushes. */
  async function tell(
    tx: Db,
    event: DomainEvent,
    subject: Subject,
    recipients: Map<string, NotificationKind>,
    excerptOf: (kind: NotificationKind) => string,
  ) {
    const userIds = ids([...recipients.keys()]);
    if (!userIds.length) return [];
    const preferences = await settingsOf(tx, userIds);
    const now = clock.now();
    const rows = userIds.flatMap((userId) => {
      const kind = recipients.get(String(userId))!;
      const delivery = preferences.get(userId)![kind];
      if (delivery === 'off') return [];
      return [
        {
          ...subject,
          userId,
          kind,
          excerpt: excerptOf(kind),
          eventId: event.id,
          createdAt: now,
          emailDue: delivery === 'app+email',
        },
      ];
    });
    if (!rows.length) return [];
    const stored = await tx.insert(notifications).values(rows).onConflictDoNothing().returning();
    const counts = await unreadCounts(
      tx,
      stored.map((r) => r.userId),
    );
    const actorName = (await namesOf(tx, [subject.actorId])).get(subject.actorId) ?? UNKNOWN_ACTOR;
    for (const row of stored)
      await outbox.recordEvent(tx, {
        type: 'notification.created',
        userId: String(row.userId),
        notification: toDto(row, actorName),
        unreadCount: counts.get(row.userId) ?? 0,
      });
    return stored;
  }

  /** Who an issue event concerns, besides its watchers (those are read once the auto-watch is applied). */
  function concernedBy(event: IssueEvent, mentioned: string[]): Omit<Concerned, 'watchers'> {
    switch (event.type) {
      case 'issue.created':
        return { actorId: event.actorId, assignee: event.assigneeId, mentioned };
      case 'issue.assigned':
        return {
          actorId: event.actorId,
          assignee: event.assigneeId,
          mentioned,
          watcherKind: event.statusChange ? 'status' : null,
        };
      case 'issue.updated':
        return { actorId: event.actorId, mentioned, watcherKind: event.statusChange ? 'status' : null };
      case 'issue.moved':
        return { actorId: event.actorId, watcherKind: event.statusChange ? 'status' : null };
      case 'comment.created':
        return { actorId: event.actorId, mentioned, repliedTo: event.parentAuthorId, watcherKind: 'comment' };
    }
  }

  /** The excerpt a kind shows: the new status for a status change, else the comment's or issue's text. */
  function excerptFor(event: IssueEvent) {
    const statusChange = 'statusChange' in event ? event.statusChange : null;
    const text = event.type === 'comment.created' || event.type === 'issue.created' ? event.excerpt : '';
    return (kind: NotificationKind) => {
      if (kind === 'status' && statusChange) return statusText(statusChange);
      if (text) return plainExcerpt(text, EXCERPT_MAX);
      return statusChange ? statusText(statusChange) : '';
    };
  }

  async function onIssueEvent(event: IssueEvent) {
    const [issueId, projectId, boardId, actorId] = [
      parseId(event.issueId),
      parseId(event.projectId),
      parseId(event.boardId),
      parseId(event.actorId),
    ];
    if (!issueId || !projectId || !actorId) return;
    const handled = await handleOnce(db, handledEvents, event, async (tx) => {
      // Reporter, assignee and (on a comment) its author watch from now on, unless they unwatched.
      await autoWatch(tx, issueId, projectId, [
        parseId(event.reporterId),
        event.assigneeId ? parseId(event.assigneeId) : null,
        event.type === 'comment.created' ? actorId : null,
      ]);
      const mentionedIds = 'mentionedIds' in event ? event.mentionedIds : [];
      const concerned = concernedBy(event, await membersAmong(tx, projectId, mentionedIds));
      const watchers = concerned.watcherKind ? (await watchersOf(tx, issueId)).map(String) : [];
      const subject: Subject = {
        projectId,
        projectKey: event.projectKey,
        boardId,
        issueId,
        issueKey: event.issueKey,
        title: event.title,
        actorId,
      };
      return tell(tx, event, subject, recipientsOf({ ...concerned, watchers }), excerptFor(event));
    });
    if (handled?.result.length) outbox.kick();
  }

  async function onMemberAdded(event: EventOf<'member.added'>) {
    const [projectId, actorId] = [parseId(event.projectId), parseId(event.actorId)];
    if (!projectId || !actorId) return;
    const handled = await handleOnce(db, handledEvents, event, (tx) =>
      tell(
        tx,
        event,
        {
          projectId,
          projectKey: event.projectKey,
          boardId: null,
          issueId: null,
          issueKey: null,
          title: event.projectName,
          actorId,
        },
        recipientsOf({ actorId: event.actorId, added: event.userId }),
        () => '',
      ),
    );
    if (handled?.result.length) outbox.kick();
  }

  /** A removed member stops watching that project's issues (they can no longer see them). */
  async function onMembershipRemoved(event: EventOf<'membership.removed'>) {
    const [projectId, userId] = [parseId(event.projectId), parseId(event.userId)];
    if (!projectId || !userId) return;
    await handleOnce(db, handledEvents, event, (tx) =>
      tx.delete(watches).where(and(eq(watches.projectId, projectId), eq(watches.userId, userId))),
    );
  }

  /** A deleted project leaves nothing behind here either: its notifications and watches go. */
  async function onProjectDeleted(event: EventOf<'project.deleted'>) {
    const projectId = parseId(event.projectId);
    if (!projectId) return;
    await handleOnce(db, handledEvents, event, async (tx) => {
      await tx.delete(notifications).where(eq(notifications.projectId, projectId));
      await tx.delete(watches).where(eq(watches.projectId, projectId));
    });
  }

  const handlers: EventHandlers = {
    'issue.created': onIssueEvent,
    'issue.assigned': onIssueEvent,
    'issue.updated': onIssueEvent,
    'issue.moved': onIssueEvent,
    'comment.created': onIssueEvent,
    'member.added': onMemberAdded,
    'membership.removed': onMembershipRemoved,
    'project.deleted': onProjectDeleted,
  };
  return { handlers };
}
