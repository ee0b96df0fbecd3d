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
import { moreSpecific, recipientsOf, type Concerned } from './recipients';
import { settingsOf } from './settings';
import { autoWatch, autoWatchAll, watchersOf, watchersOfMany } from './watches';

/** Longest excerpt kept: the bell shows a line, the e-mail a little more. */
const EXCERPT_MAX = 200;

type IssueEvent = EventOf<'issue.created' | 'issue.assigned' | 'issue.updated' | 'issue.moved' | 'comment.created'>;

type BulkIssue = EventOf<'issues.bulk_updated'>['issues'][number];

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

/** One recipient's notification: its kind, what it is about, and its line of text. */
type Told = { kind: NotificationKind; subject: Subject; excerpt: string };

const statusText = (change: IssueStatusChange) => `${change.fromStatus} → ${change.toStatus}`;

/** How many keys a bulk edit's notification names before "and N more". */
const BULK_KEYS_NAMED = 3;

/** A bulk edit's line: one issue's status change, or how many issues and which (the first few keys). */
export function bulkExcerpt(issues: readonly BulkIssue[]): string {
  if (issues.length === 1) return issues[0]!.statusChange ? statusText(issues[0]!.statusChange) : '';
  const named = issues.slice(0, BULK_KEYS_NAMED).map((issue) => issue.issueKey);
  const more = issues.length - named.length;
  return `${issues.length} issues changed at once: ${named.join(', ')}${more ? ` and ${more} more` : ''}`;
}
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
  async function tell(tx: Db, event: DomainEvent, told: Map<string, Told>) {
    const userIds = ids([...told.keys()]);
    if (!userIds.length) return [];
    const preferences = await settingsOf(tx, userIds);
    const now = clock.now();
    const rows = userIds.flatMap((userId) => {
      const { kind, subject, excerpt } = told.get(String(userId))!;
      const delivery = preferences.get(userId)![kind];
      if (delivery === 'off') return [];
      return [
        {
          ...subject,
          userId,
          kind,
          excerpt,
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
    const actorIds = [...new Set(stored.map((row) => row.actorId))];
    const names = await namesOf(tx, actorIds);
    for (const row of stored)
      await outbox.recordEvent(tx, {
        type: 'notification.created',
        userId: String(row.userId),
        notification: toDto(row, names.get(row.actorId) ?? UNKNOWN_ACTOR),
        unreadCount: counts.get(row.userId) ?? 0,
      });
    return stored;
  }

  /** Each recipient told of one subject, in the words of their kind. */
  const aboutOne = (
    recipients: Map<string, NotificationKind>,
    subject: Subject,
    excerptOf: (kind: NotificationKind) => string,
  ): Map<string, Told> =>
    new Map([...recipients].map(([userId, kind]) => [userId, { kind, subject, excerpt: excerptOf(kind) }]));

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
    // Part of a bulk edit: people hear of the whole edit once, from its issues.bulk_updated.
    if ('bulkId' in event && event.bulkId) return;
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
      return tell(tx, event, aboutOne(recipientsOf({ ...concerned, watchers }), subject, excerptFor(event)));
    });
    if (handled?.result.length) outbox.kick();
  }

  async function onMemberAdded(event: EventOf<'member.added'>) {
    const [projectId, actorId] = [parseId(event.projectId), parseId(event.actorId)];
    if (!projectId || !actorId) return;
    const subject: Subject = {
      projectId,
      projectKey: event.projectKey,
      boardId: null,
      issueId: null,
      issueKey: null,
      title: event.projectName,
      actorId,
    };
    const handled = await handleOnce(db, handledEvents, event, (tx) =>
      tell(
        tx,
        event,
        aboutOne(recipientsOf({ actorId: event.actorId, added: event.userId }), subject, () => ''),
      ),
    );
    if (handled?.result.length) outbox.kick();
  }

  /**
   * A bulk edit: each person it concerns is told once — in the most specific kind any of its
   * issues concerns them in, about the first such issue, the excerpt naming how many there are.
   */
  async function onBulkUpdated(event: EventOf<'issues.bulk_updated'>) {
    const [projectId, boardId, actorId] = [parseId(event.projectId), parseId(event.boardId), parseId(event.actorId)];
    if (!projectId || !actorId) return;
    const handled = await handleOnce(db, handledEvents, event, async (tx) => {
      await autoWatchAll(
        tx,
        projectId,
        event.issues.map((issue) => ({
          issueId: parseId(issue.issueId)!,
          userIds: [parseId(issue.reporterId), issue.assigneeId ? parseId(issue.assigneeId) : null],
        })),
      );
      const watchers = await watchersOfMany(tx, ids(event.issues.map((issue) => issue.issueId)));
      const concerning = new Map<string, { kind: NotificationKind; issues: BulkIssue[] }>();
      for (const issue of event.issues) {
        const recipients = recipientsOf({
          actorId: event.actorId,
          assignee: issue.assigneeChanged ? issue.assigneeId : null,
          watchers: (watchers.get(parseId(issue.issueId)!) ?? []).map(String),
          watcherKind: issue.statusChange ? 'status' : null,
        });
        for (const [userId, kind] of recipients) {
          const entry = concerning.get(userId);
          if (entry) {
            entry.kind = moreSpecific(entry.kind, kind);
            entry.issues.push(issue);
          } else concerning.set(userId, { kind, issues: [issue] });
        }
      }
      const told = new Map<string, Told>();
      for (const [userId, { kind, issues }] of concerning) {
        const first = issues[0]!;
        const subject: Subject = {
          projectId,
          projectKey: event.projectKey,
          boardId,
          issueId: parseId(first.issueId),
          issueKey: first.issueKey,
          title: first.title,
          actorId,
        };
        told.set(userId, { kind, subject, excerpt: bulkExcerpt(issues) });
      }
      return tell(tx, event, told);
    });
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
    'issues.bulk_updated': onBulkUpdated,
    'member.added': onMemberAdded,
    'membership.removed': onMembershipRemoved,
    'project.deleted': onProjectDeleted,
  };
  return { handlers };
}
