import { and, eq, gt, inArray, isNull, lte, min, notExists, notInArray, sql } from 'drizzle-orm';
import { issuePath, NOTIFICATION_KINDS, type Language, type NotificationKind } from '@trackboard/contracts';
import { accountDirectory, mailLanguage, type Clock, type Db, type Logger, type Mailer } from '@trackboard/server-kit';
import { digests, notifications } from '../db/schema';
import { mailText } from './mail-text';
import { namesOf, type NotificationRow } from './notifications';
import { settingsOf } from './settings';
import type { UnsubscribeLinks } from './unsubscribe-links';
import { kindAbout } from './wording';

/**
 * At most one e-mail per person per minute. A notification waits that long before it is
 * e-mailed, so what happens within a minute arrives as one e-mail, and what is read in the app
 * meanwhile is never e-mailed.
 */
export const DIGEST_INTERVAL_MS = 60_000;
/** People served per run; the rest wait for the next one. */
const BATCH = 100;
const NEVER = new Date(0);

const headlineKeys = {
  assigned: 'assignedHeadline',
  mentioned: 'mentionedHeadline',
  reply: 'replyHeadline',
  comment: 'commentHeadline',
  status: 'statusHeadline',
  added_to_project: 'addedToProjectHeadline',
} as const satisfies Record<NotificationKind, string>;
const headline = (language: Language, actor: string, n: NotificationRow) =>
  mailText(language, headlineKeys[n.kind], {
    actor,
    issueKey: n.issueKey ?? '',
    title: n.title,
    projectKey: n.projectKey,
  });

export type DigestDeps = {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  links: UnsubscribeLinks;
  /** The app's address as users reach it (links in e-mails), without a trailing slash. */
  publicUrl: string;
  appName: string;
  log: Logger;
};

/**
 * The e-mail digest: everything stored under `app+email`, not yet e-mailed and still unread,
 * one e-mail per person with a link to each issue and an unsubscribe link per kind. `run` is
 * one pass (tests call it on their own clock; main calls it on a timer).
 */
export function createDigest({ db, mailer, clock, links, publicUrl, appName, log }: DigestDeps) {
  /** People with a notification waiting at least a minute and no e-mail in the last minute. */
  async function duePeople(cutoff: Date): Promise<number[]> {
    const recent = db
      .select({ one: sql`1` })
      .from(digests)
      .where(and(eq(digests.userId, notifications.userId), gt(digests.lastSentAt, cutoff)));
    const rows = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.emailDue, true), notExists(recent)))
      .groupBy(notifications.userId)
      .having(lte(min(notifications.createdAt), cutoff))
      .limit(BATCH);
    return rows.map((r) => r.userId);
  }

  /**
   * Takes a person's waiting notifications in a short transaction (the person's digest row,
   * locked, keeps two replicas from both sending); the e-mail goes after commit, and a failed
   * send puts them back for the next run. Kinds no longer set to `app+email` are dropped.
   */
  async function claim(userId: number, now: Date, cutoff: Date) {
    return db.transaction(async (tx) => {
      await tx.insert(digests).values({ userId, lastSentAt: NEVER }).onConflictDoNothing();
      const [digest] = await tx
        .select()
        .from(digests)
        .where(eq(digests.userId, userId))
        .for('update', { skipLocked: true });
      if (!digest || digest.lastSentAt > cutoff) return null;
      const choices = (await settingsOf(tx, [userId])).get(userId)!;
      const emailed = NOTIFICATION_KINDS.filter((kind) => choices[kind] === 'app+email');
      const waiting = and(eq(notifications.userId, userId), eq(notifications.emailDue, true));
      await tx
        .update(notifications)
        .set({ emailDue: false })
        .where(and(waiting, emailed.length ? notInArray(notifications.kind, emailed) : undefined));
      if (!emailed.length) return null;
      const items = await tx
        .update(notifications)
        .set({ emailDue: false, emailedAt: now })
        .where(and(waiting, isNull(notifications.readAt), inArray(notifications.kind, emailed)))
        .returning();
      if (!items.length) return null;
      await tx.update(digests).set({ lastSentAt: now }).where(eq(digests.userId, userId));
      return { items: items.sort((a, b) => a.id - b.id), previous: digest.lastSentAt };
    });
  }

  async function compose(name: string, language: Language, items: NotificationRow[]) {
    const actors = await namesOf(
      db,
      items.map((n) => n.actorId),
    );
    const lines = items.map((n) => {
      const link =
        n.boardId !== null && n.issueKey
          ? `${publicUrl}${issuePath(String(n.boardId), n.issueKey)}`
          : `${publicUrl}/projects/${encodeURIComponent(n.projectKey)}`;
      const excerpt = n.excerpt ? `\n  ${mailText(language, 'quotedExcerpt', { text: n.excerpt })}` : '';
      const actor = actors.get(n.actorId) ?? mailText(language, 'someone');
      return `- ${headline(language, actor, n)}${excerpt}\n  ${link}`;
    });
    const kinds = NOTIFICATION_KINDS.filter((kind) => items.some((n) => n.kind === kind));
    const stops = await Promise.all(
      kinds.map(async (kind) => `- ${kindAbout(kind, language)}: ${await links.linkFor(items[0]!.userId, kind)}`),
    );
    return {
      subject: mailText(language, 'digestSubject', { appName, count: items.length }),
      text: mailText(language, 'digestText', {
        name,
        items: lines.join('\n\n'),
        appName,
        stops: stops.join('\n'),
        link: `${publicUrl}/profile`,
      }),
    };
  }

  async function sendTo(userId: number, now: Date, cutoff: Date): Promise<boolean> {
    // Read before the transaction (PGlite has one connection).
    const [person] = await db
      .select({
        name: accountDirectory.name,
        email: accountDirectory.email,
        status: accountDirectory.status,
        profileSettings: accountDirectory.profileSettings,
      })
      .from(accountDirectory)
      .where(eq(accountDirectory.id, userId));
    if (!person || person.status !== 'ACTIVE') {
      // Gone, suspended or not yet approved: no e-mail; the bell keeps them.
      await db
        .update(notifications)
        .set({ emailDue: false })
        .where(and(eq(notifications.userId, userId), eq(notifications.emailDue, true)));
      return false;
    }
    const claimed = await claim(userId, now, cutoff);
    if (!claimed) return false;
    try {
      const language = mailLanguage(person.profileSettings.language);
      await mailer.send({ to: person.email, ...(await compose(person.name, language, claimed.items)) });
      return true;
    } catch (err) {
      log.error({ err, userId }, 'digest e-mail not sent: tried again on the next run');
      await db.transaction(async (tx) => {
        await tx
          .update(notifications)
          .set({ emailDue: true, emailedAt: null })
          .where(
            and(
              inArray(
                notifications.id,
                claimed.items.map((n) => n.id),
              ),
              isNull(notifications.readAt),
            ),
          );
        await tx.update(digests).set({ lastSentAt: claimed.previous }).where(eq(digests.userId, userId));
      });
      return false;
    }
  }

  /** One pass: the number of e-mails sent. */
  async function pass(): Promise<number> {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - DIGEST_INTERVAL_MS);
    let sent = 0;
    for (const userId of await duePeople(cutoff)) if (await sendTo(userId, now, cutoff)) sent++;
    return sent;
  }

  let running: Promise<number> | null = null;
  /** One pass (overlapping calls share the pass under way): the number of e-mails sent. */
  function run(): Promise<number> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  /** Runs a pass every `everyMs` until stopped. */
  function start(everyMs: number): () => void {
    const timer = setInterval(() => {
      run().catch((err) => log.warn({ err }, 'digest run failed: tried again on the next one'));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { run, start };
}
export type Digest = ReturnType<typeof createDigest>;
